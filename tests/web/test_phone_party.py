"""A phone at a party: it queues, leaves the queue and comes back, plays the game the host
seats it in against a bot, sends an emote, and sees the scoreboard; it finds its own row there
by the name the party knows it by."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from game.textview import points
from net import party_host as party_host_module
from net.host import HostHandle
from net.loopthread import LoopThread
from net.party_client import play_party_bot
from net.party_host import PartyConfig, PartyHost
from tests.net.conftest import Raw
from tests.net.test_party_protocol import FULL, came_and_went, played_apart
from tests.web.conftest import page_url
from tests.web.phone import (
    KEEP_NEWS,
    ada_comes_back,
    cut_off_phones,
    join,
    lose_answers,
    play_to_the_end,
    until_lost,
)
from tests.web.test_phone_layout import _assert_on_screen


def _waiting_party(web_host: Callable[..., HostHandle], **options: Any) -> HostHandle:
    """A Goff party whose first game waits for three guests (so a phone stays queued)."""
    party = PartyConfig(start_at=3, seed=5)
    return web_host("goff", make=functools.partial(PartyHost, party=party), **options)


def _queued(handle: HostHandle, page: Any, name: str) -> Any:
    """``page`` joined ``handle``'s party as ``name``, once it stands in the queue."""
    join(page, page_url(handle), name)
    page.wait_for_selector("#party .queue li.me")
    return page


def test_a_phone_queues_plays_its_party_game_and_sees_the_scoreboard(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    party = PartyConfig(start_at=2, games=1, between=0.3, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    page = _queued(handle, phone(), "Ada")
    page.tap("[data-action=leave]")
    page.wait_for_selector("[data-action=queue]:visible")
    assert page.locator("#party .queue li.me").count() == 0
    page.tap("[data-action=queue]")
    page.wait_for_selector("#party .queue li.me")
    bots = LoopThread("party-bot")
    try:
        bot = bots.submit(play_party_bot(handle.address, "beginner", name="Robo", seed=2))
        page.wait_for_selector(".seat.me")  # the host seats the phone for game 1
        page.tap("[data-emote=bravo]")
        page.wait_for_selector("#emoted .bubble:has-text('Ada: Bravo!')")
        play_to_the_end(page)
        final = bot.result(timeout=30)
    finally:
        bots.stop()
    assert final.finished and final.games == 1
    expect(page.locator("#party .queue")).to_be_hidden()  # no next game after the last
    # The end of the night, not of one more game: said at the top, who won said large.
    expect(page.locator("#status")).to_have_text("The party is over")
    expect(page.locator(".party-status.finished")).to_have_text(final.status)
    rows = {s.name: s for s in final.standings}
    for name in ("Ada", "Robo"):
        cells = page.locator(f".scoreboard tr[data-standing='{name}'] td")
        # Name, points, one game played: as the host's own standings say.
        expect(cells.nth(3)).to_have_text("1")
        expect(cells.nth(1)).to_have_text(name)
        expect(cells.nth(2)).to_have_text(points(rows[name].half_points / 2))


def test_a_phone_that_leaves_the_queue_mid_game_may_ask_back_in(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Left mid-game, the phone still plays the game in hand: it showed "Leave the queue"
    # still, and tapped again was told "you are not in the queue", with no way back in.
    party = PartyConfig(start_at=2, clock=30.0, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    page = phone()
    join(page, page_url(handle), "Ada")
    bots = LoopThread("party-bot")
    try:
        bots.submit(play_party_bot(handle.address, "beginner", name="Robo", seed=2))
        page.wait_for_selector(".seat.me")  # seated for game 1
        page.tap("[data-action=leave]")
        expect(page.locator("#notice")).to_contain_text("you will watch after this game")
        expect(page.locator("[data-action=queue]")).to_be_visible()
        expect(page.locator("[data-action=leave]")).to_be_hidden()
        expect(page.locator(".seat.me")).to_have_count(1)  # the game in hand is still theirs
        page.tap("[data-action=queue]")
        expect(page.locator("[data-action=leave]")).to_be_visible()
        expect(page.locator("[data-action=queue]")).to_be_hidden()
    finally:
        bots.stop()


def test_a_double_tap_on_the_queue_buttons_changes_the_queue_once_and_refuses_nothing(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # The second tap went before the host's answer swapped the buttons: it asked again, and
    # the guest who had just left read "you are not in the queue" in red.
    handle = _waiting_party(web_host, name="Party")
    page = _queued(handle, phone(), "Ada")
    twice = "(button) => { button.click(); button.click(); }"  # faster than any answer
    page.locator("[data-action=leave]").evaluate(twice)
    page.locator("[data-action=queue]").wait_for()
    page.locator("[data-action=queue]").evaluate(twice)
    # Answers come in order: a refusal of either second tap came before this.
    page.wait_for_selector("#party .queue li.me")
    assert page.locator("#refusal").is_hidden(), page.locator("#refusal").inner_text()
    assert handle.host.party.present == ["Ada"]  # type: ignore[attr-defined]


def test_a_phone_that_watches_comes_back_watching_as_the_same_guest(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Out of the queue the page forgot its token: a reload showed the join screen, and a
    # dropped link came back as "Zed 2", a new row of no games, as did joining the queue.
    handle = _waiting_party(web_host, name="Party")
    page = _queued(handle, phone(), "Zed")
    page.tap("[data-action=leave]")
    expect(page.locator("[data-action=queue]")).to_be_visible()
    page.reload()
    expect(page.locator("#notice")).to_contain_text("you are back, watching")
    expect(page.locator("[data-action=queue]")).to_be_visible()
    assert page.locator("#join").is_hidden()
    page.evaluate("() => { document.querySelector('#notice').textContent = ''; }")
    handle.call(cut_off_phones, handle)
    expect(page.locator("#notice")).to_contain_text("you are back, watching")
    page.tap("[data-action=queue]")
    page.wait_for_selector("#party .queue li.me")
    expect(page.locator("#party .scoreboard tr[data-standing]")).to_have_count(1)
    assert handle.host.party.roster == ["Zed"]  # type: ignore[attr-defined]


def test_a_phone_finds_its_row_by_the_name_the_party_knows_it_by(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Nobody plays yet (four needed): everyone waits in the queue, each in the standings.
    party = PartyConfig(start_at=4, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    # Typed the same name as another; typed one the host tidies (a zero-width space dropped).
    pages: dict[str, Any] = {}
    for typed, known in (("Sam", "Sam"), ("Sam", "Sam 2"), ("Kim\u200b", "Kim")):
        page = phone()
        join(page, page_url(handle), typed)
        page.wait_for_selector(f"#party .queue li.me:text-is('{known}')")
        pages[known] = page
    for known, page in pages.items():
        expect(page.locator("#party .queue li")).to_have_count(3)
        expect(page.locator("#party .queue li.me")).to_have_text([known])
        expect(page.locator(".scoreboard tr.me")).to_have_count(1)
        assert page.locator(".scoreboard tr.me").get_attribute("data-standing") == known
    # Told why the table does not call it by the name typed (a tidied one needs no word), and
    # the news of others coming does not push that out of sight.
    join(phone(), page_url(handle), "Lu")
    news = pages["Sam 2"].locator("#notice")
    expect(news).to_contain_text("Lu joins the queue")
    expect(news).to_contain_text("Sam is taken here: you are Sam 2")
    assert pages["Kim"].locator("#notice .own").count() == 0


def test_a_phone_that_reloads_or_sleeps_keeps_its_place_in_the_queue(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # A reload, or a phone put away, sent its guest to the back of the queue.
    party = PartyConfig(start_at=4, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), reconnect_grace=60.0)
    pages = {name: phone() for name in ("Ann", "Bo", "Cy")}
    for name, page in pages.items():
        join(page, page_url(handle), name)
        page.wait_for_selector(f"#party .queue li.me:text-is('{name}')")
    ann = pages["Ann"]
    pages["Bo"].reload()
    expect(pages["Bo"].locator("#party .queue li.me")).to_have_text("Bo")
    expect(ann.locator("#party .queue li")).to_have_text(["Ann", "Bo", "Cy"])
    pages["Bo"].close()  # asleep: away, in the same place, and said to be
    expect(ann.locator("#party .queue li")).to_have_text(["Ann", "Bo (away)", "Cy"])
    expect(ann.locator("#party .queue li.away")).to_have_count(1)


def test_a_phone_beyond_the_best_100_shows_its_own_rank(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # 120 came, played and went; Zed, yet to play, is 121st. The host sends the best 100 and him.
    handle = web_host("goff", make=functools.partial(PartyHost, party=PartyConfig(start_at=1000)))
    came_and_went(handle.address, 120)
    played_apart(handle, 120)
    page = phone()
    join(page, page_url(handle), "zed")
    expect(page.locator(".scoreboard tbody tr")).to_have_count(101)
    expect(page.locator(".scoreboard tr.me td").first).to_have_text("121")
    expect(page.locator(".scoreboard tbody tr td:first-child").nth(99)).to_have_text("100")


def test_news_is_shown_on_screen_below_a_long_party_page(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Nobody plays yet: the page is the board, the emotes, a queue and a scoreboard of five,
    # taller than a small phone. News comes while the guest looks at the top of it.
    handle = web_host("goff", make=functools.partial(PartyHost, party=PartyConfig(start_at=6)))
    page = phone()
    page.set_viewport_size({"width": 360, "height": 640})
    join(page, page_url(handle), "Ada")
    for name in ("Bo", "Cy", "Di"):
        join(phone(), page_url(handle), name)
        page.wait_for_selector(f"#party .queue li:text-is('{name}')")
    join(phone(), page_url(handle), "Ed")
    expect(page.locator("#notice")).to_contain_text("Ed joins the queue")
    _assert_on_screen(page, "#notice")
    # Scrolled to the end of the page, its last button is not under the news.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    overlap = """() => {
      const news = document.querySelector('#notice').getBoundingClientRect();
      const last = document.querySelector('[data-action=leave]').getBoundingClientRect();
      return last.bottom > news.top && last.top < news.bottom;
    }"""
    assert not page.evaluate(overlap)


def test_while_the_party_waits_for_players_the_page_says_so_with_no_move_clock(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    party = PartyConfig(start_at=2, clock=30, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    ada = phone()
    join(ada, page_url(handle), "Ada")
    ada.wait_for_selector("#party .queue li.me")
    ada.wait_for_timeout(600)  # the clock is ticked four times a second
    expect(ada.locator("#hud .clock")).to_be_hidden()
    expect(ada.locator("#status")).to_have_text("Waiting for the next game…")  # not "at X"
    # Nobody sits, and nobody may: the queue seats them. The seats said "open seat", X's lit
    # as if to move, as though a tap could take one.
    expect(ada.locator("#hud .seat .who")).to_have_text(["", ""])
    expect(ada.locator("#hud .seat.to-play")).to_have_count(0)
    join(phone(), page_url(handle), "Bo")  # the first game starts: the clock runs
    expect(ada.locator("#hud .clock")).to_have_text(re.compile(r"^\d+ s$"))
    expect(ada.locator("#hud .seat .who")).to_have_text(["Ada", "Bo"])


def test_a_phone_whose_time_ran_out_is_told_so_and_the_others_whose_it_was(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Nobody moves: the clock plays for each in turn, a random move.
    party = PartyConfig(start_at=2, games=1, clock=0.5, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    pages: dict[str, Any] = {}
    for name in ("Ada", "Bo"):
        pages[name] = page = phone()
        page.add_init_script(KEEP_NEWS)
        join(page, page_url(handle), name)
    ada, bo = pages["Ada"], pages["Bo"]
    for page, other in ((ada, "Bo"), (bo, "Ada")):
        page.wait_for_function(
            """(other) => told.some((t) => t.startsWith("your time ran out: "))
                          && told.some((t) => t.startsWith(`time is up for ${other}: `))""",
            arg=other,
        )
    ada_told, bo_told = ada.evaluate("told"), bo.evaluate("told")
    # Ada's own time-outs speak to her; Bo reads the same moves as Ada's.
    assert not [t for t in ada_told if t.startswith("time is up for Ada")]
    mine = (re.fullmatch(r"your time ran out: (\S+) was played for you", t) for t in ada_told)
    theirs = (re.fullmatch(r"time is up for Ada: (\S+)", t) for t in bo_told)
    assert next(m[1] for m in mine if m) == next(m[1] for m in theirs if m)


def test_a_phone_the_host_removes_stays_out_and_is_told_why(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # The page took the bye for a dropped link and came straight back with its token: the
    # host's removal undone within a second.
    handle = _waiting_party(web_host, name="Party")
    page = _queued(handle, phone(), "Ada")
    handle.call(handle.host.kick, "Ada")  # type: ignore[attr-defined]
    expect(page.locator("#join-message")).to_have_text("the host removed you from the party")
    expect(page.locator("#join")).to_be_visible()
    assert "Ada" not in handle.host.party.present  # type: ignore[attr-defined]


def test_a_phone_at_a_full_party_is_told_so_at_once_and_may_watch(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The page took the party's "full" for a dropped link: a minute of "Connection lost:
    # reconnecting…" with the reason in small print below, then the join screen.
    monkeypatch.setattr(party_host_module, "PARTY_GUESTS", 2)
    party = PartyConfig(start_at=5, seed=5)
    make = functools.partial(PartyHost, party=party)
    handle = web_host("goff", make=make, name="Party", idle_timeout=120.0)
    here = [Raw(handle.address) for _ in range(2)]
    for i, guest in enumerate(here):
        guest.hello(name=f"P{i}")
    page = phone()
    join(page, page_url(handle), "Cy")
    expect(page.locator("#join-message")).to_have_text(FULL.format(2), timeout=3000)
    expect(page.locator("#join")).to_be_visible()
    expect(page.locator("#link-down")).to_be_hidden()
    page.tap("[data-action=watch]")  # as the message says
    expect(page.locator("#party .queue li")).to_have_text(["P0", "P1"])
    expect(page.locator("[data-action=queue]")).to_be_visible()
    assert handle.host.party.present == ["P0", "P1"]  # type: ignore[attr-defined]
    for guest in here:
        guest.close()


def test_the_tab_a_guest_left_for_another_gives_way_to_it(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # The page opened again in a second tab sits down with the first's token; the first was
    # told so and took its place back a second later, and so on, the two tabs turn about.
    handle = _waiting_party(web_host, name="Party")
    first = _queued(handle, phone(), "Ada")
    second = first.context.new_page()
    second.goto(page_url(handle))  # back at the table at once, by the token the tabs share
    expect(first.locator("#join-message")).to_have_text("you joined again from another connection")
    expect(second.locator("#party .queue li.me")).to_have_text("Ada")
    expect(second.locator("#join")).to_be_hidden()


@pytest.mark.parametrize("then", ["reloads", "drops"])
def test_a_phone_that_never_heard_its_welcome_comes_back_as_itself(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any], then: str
) -> None:
    # The phone slept (or was reloaded) between its hello and the host's welcome: it came back
    # a stranger, "Ada 2", while a ghost "Ada" kept a place in the queue for a minute.
    handle = _waiting_party(web_host, reconnect_grace=60.0)
    page = phone()
    lost = lose_answers(page)
    join(page, page_url(handle), "Ada")
    until_lost(page, lost, "welcome")
    _sleeps(page, handle, then)
    expect(page.locator("#party .queue li")).to_have_text(["Ada"])
    expect(page.locator("#party .queue li.me")).to_have_text("Ada")
    assert handle.host.party.present == ["Ada"]  # type: ignore[attr-defined]


@pytest.mark.parametrize("then", ["reloads", "drops"])
def test_a_watcher_whose_queue_answer_is_lost_comes_back_in_the_queue_as_itself(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any], then: str
) -> None:
    # A watcher tapped "Join the queue" and the phone slept before the host's answer came: the
    # request carried no token, the host made one the phone never heard, and the phone came
    # back as "Ada 2" beside a ghost "Ada" keeping a place in the queue.
    handle = _waiting_party(web_host, reconnect_grace=60.0)
    page = phone()
    lost = lose_answers(page, after="queue")
    page.goto(page_url(handle))
    page.fill("input[name=name]", "Ada")
    page.tap("[data-action=watch]")
    page.tap("[data-action=queue]")
    until_lost(page, lost, "welcome")
    _sleeps(page, handle, then)
    expect(page.locator("#party .queue li")).to_have_text(["Ada"])
    expect(page.locator("#party .queue li.me")).to_have_text("Ada")
    assert handle.host.party.present == ["Ada"]  # type: ignore[attr-defined]
    assert handle.host.party.roster == ["Ada"]  # type: ignore[attr-defined]


def _sleeps(page: Any, handle: HostHandle, then: str) -> None:
    """The phone is reloaded, or its connection drops as a phone's that sleeps."""
    if then == "reloads":
        page.reload()
    else:
        handle.call(cut_off_phones, handle)


def test_a_guest_back_reads_so_in_their_own_words_and_the_others_read_their_name(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Ada's own phone told her "Ada is back", news of her own return in the words for others.
    handle = _waiting_party(web_host, name="Party")
    queued = "#party .queue li.me"
    ada_comes_back(page_url(handle), phone, queued, "you are back in the queue", "Ada is back")


# Where a "time is up for NAME: MOVE" line draws the name and the move, once such a line is on
# screen (null before).
_MOVE_DRAWN = """(name) => {
  const line = [...document.querySelectorAll("#notice div")]
    .find((d) => d.textContent.startsWith("time is up for "));
  if (!line) return null;
  const box = (words) => {
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.lastIndexOf(words);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + words.length);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    }
    return null;
  };
  return { name: box(name), move: box(line.textContent.split(": ").pop()) };
}"""


def test_a_name_in_a_right_to_left_script_leaves_the_rest_of_the_sentence_in_order(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # "time is up for דנה: 3-9" was drawn "time is up for 3-9 :דנה": the colon and the move
    # after the Hebrew name were taken into its right-to-left run.
    party = PartyConfig(start_at=2, games=1, clock=1.0, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    bo = phone()
    join(bo, page_url(handle), "Bo")
    join(phone(), page_url(handle), "דנה")
    drawn = bo.wait_for_function(_MOVE_DRAWN, arg="דנה").json_value()
    assert drawn["name"]["right"] <= drawn["move"]["left"], drawn  # as it is read: name, move
