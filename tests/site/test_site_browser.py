"""The built site in Chromium: axe-core finds no serious or critical WCAG 2.1 A/AA violation on any
page in either language; no page scrolls sideways on a 375 px phone; the pages read without
JavaScript; the certificate large view, the carousel and the 404 page's actions work."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.a11y import serious_violations
from tests.site.conftest import html_pages, page_url


@pytest.fixture(scope="module")
def urls(built_site: Path) -> list[str]:
    return [page_url(rel) for rel in html_pages(built_site)]


def test_every_page_has_no_serious_axe_violations(browser, site_server: str, urls: list[str]) -> None:
    assert len(urls) >= 30
    # axe is injected as an inline script, which the site's CSP would block.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    page = context.new_page()
    problems = []
    for url in urls:
        for width in (1280, 375):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(site_server + url)
            problems += serious_violations(page, f"{url} @{width}px")
    context.close()
    assert not problems, "\n".join(problems)


def test_no_horizontal_scroll_on_a_phone(browser, site_server: str, urls: list[str]) -> None:
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, device_scale_factor=2, is_mobile=True
    )
    page = context.new_page()
    too_wide = []
    for url in urls:
        page.goto(site_server + url)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            too_wide.append(f"{url}: {width}px")
    context.close()
    assert not too_wide, too_wide


def test_pages_read_without_javascript(browser, site_server: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.goto(site_server + "/en/xiang/riverside-park/")
    assert page.locator("h1").inner_text() == "Riverside Park integrated maintenance"
    assert page.locator("main").inner_text().count("Riverside Park") >= 2
    # All eight screens and the news are reachable from the phone navigation without a script.
    nav = page.get_by_role("navigation", name="Main navigation")
    links = nav.get_by_role("link")
    assert links.count() == 9
    for i in range(9):
        assert links.nth(i).is_visible()
    page.goto(site_server + "/404.html")
    assert page.get_by_role("link", name="返回首页").is_visible()
    assert page.get_by_role("link", name="返回上一页").is_visible()
    context.close()


def test_certificate_large_view_opens_and_closes(browser, site_server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site_server + "/en/jiang/")
    first = page.locator(".gallery-link").first
    target = first.get_attribute("href")
    view = page.locator(target)
    assert not view.is_visible()
    first.click()
    assert view.is_visible()
    assert view.locator("img").is_visible()
    view.get_by_role("link", name="Close large view").click()
    assert not view.is_visible()
    page.close()


def test_carousel_dots_move_between_slides(browser, site_server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site_server + "/en/")
    slides = page.locator(".slides")
    assert slides.evaluate("el => el.scrollLeft") == 0
    page.locator(".slide-dots a").nth(1).click()
    page.wait_for_function("() => document.querySelector('.slides').scrollLeft > 0")
    page.close()


def _current_slide(page) -> str | None:
    return page.locator(".slide-dots a[aria-current=true]").text_content()


def test_carousel_arrows_pause_and_autoplay(browser, site_server: str) -> None:
    """theme/static/js/carousel.js: the arrows move and the current dot follows; a dot moves the strip,
    not the page; the slides advance by themselves until paused."""
    page = browser.new_page(viewport={"width": 1280, "height": 900}, reduced_motion="no-preference")
    page.clock.install()
    page.goto(site_server + "/en/")
    carousel = page.get_by_role("region", name="Highlights")
    assert _current_slide(page) == "1"
    carousel.get_by_role("button", name="Next slide").click()
    expect(page.locator(".slide-dots a[aria-current=true]")).to_have_text("2")
    carousel.get_by_role("button", name="Previous slide").click()
    expect(page.locator(".slide-dots a[aria-current=true]")).to_have_text("1")
    page.locator(".slide-dots a").nth(2).click()
    expect(page.locator(".slide-dots a[aria-current=true]")).to_have_text("3")
    assert page.evaluate("() => window.scrollY") == 0
    assert page.url.endswith("/en/")  # no #slide-… step in the history

    # Autoplay: the pointer leaves, 7 s pass, the next slide (3 → 1) shows; paused, nothing moves.
    page.mouse.move(5, 890)
    page.clock.run_for(7_500)
    expect(page.locator(".slide-dots a[aria-current=true]")).to_have_text("1")
    pause = carousel.get_by_role("button", name="Pause")
    pause.click()
    expect(carousel.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "true")
    page.mouse.move(5, 890)
    page.clock.run_for(20_000)
    expect(page.locator(".slide-dots a[aria-current=true]")).to_have_text("1")
    page.close()


def test_carousel_does_not_move_by_itself_with_reduced_motion(browser, site_server: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844}, reduced_motion="reduce", locale="zh-CN")
    page.clock.install()
    page.goto(site_server + "/")
    expect(page.get_by_role("button", name="播放")).to_have_attribute("aria-pressed", "true")
    page.clock.run_for(30_000)
    assert _current_slide(page) == "1"
    page.get_by_role("button", name="下一张").click()
    expect(page.locator(".slide-dots a[aria-current=true]")).to_have_text("2")
    page.close()


def test_certificate_view_closes_on_escape_and_outside_without_back_steps(browser, site_server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(site_server + "/en/jiang/")
    start = page.evaluate("() => history.length")
    first = page.locator(".gallery-link").first
    view = page.locator(first.get_attribute("href"))
    first.click()
    expect(view).to_be_visible()
    expect(view.get_by_role("heading", level=2)).to_be_visible()
    page.keyboard.press("Escape")
    expect(view).to_be_hidden()
    expect(first).to_be_focused()

    first.click()
    expect(view).to_be_visible()
    view.get_by_role("link", name="Next").click()
    expect(view).to_be_hidden()
    second = page.locator(".lightbox.is-open")
    expect(second).to_be_visible()
    page.mouse.click(5, 5)  # the dark backdrop outside the panel
    expect(page.locator(".lightbox.is-open")).to_have_count(0)
    assert page.evaluate("() => history.length") == start
    assert "#" not in page.url
    page.close()


def test_404_page_returns_to_the_previous_page(browser, site_server: str) -> None:
    page = browser.new_page()
    page.clock.install()  # the page's seconds pass when the test says so, not on the wall clock
    page.goto(site_server + "/en/culture/")
    with page.expect_navigation() as navigation:
        page.evaluate("location.href = '/en/no-such-page'")
    assert navigation.value is not None and navigation.value.status == 404
    assert "Sorry, this page ran into a problem" in page.locator("h1").inner_text()
    assert page.locator("#countdown").is_visible()
    page.clock.run_for(4000)
    expect(page.locator("#countdown-seconds")).to_have_text("1")
    assert page.url.endswith("/en/no-such-page")  # not before the fifth second
    page.clock.run_for(1000)
    page.wait_for_url(site_server + "/en/culture/")
    # The button stops the automatic return; "Back to previous page" still goes back.
    with page.expect_navigation():
        page.evaluate("location.href = '/zh-no-such-page'")
    page.locator("#countdown-stop").click()
    assert not page.locator("#countdown").is_visible()
    page.clock.run_for(60_000)
    assert page.url.endswith("/zh-no-such-page")
    page.get_by_role("link", name="返回上一页").click()
    page.wait_for_url(site_server + "/en/culture/")
    page.close()


def test_404_without_history_counts_down_to_the_home_page(browser, site_server: str) -> None:
    """Like the app's 404: with no page to go back to, the countdown ends on the home page of the
    page's language (issue 9 item 3: under the production CSP, where an inline script never ran)."""
    page = browser.new_page()
    page.clock.install()
    response = page.goto(site_server + "/en/about-us-old/deeper")
    assert response is not None and response.status == 404
    assert page.locator("#countdown").is_visible()
    page.clock.run_for(5000)
    page.wait_for_url(site_server + "/en/")
    page.close()


def test_404_back_link_without_history_goes_home(browser, site_server: str) -> None:
    page = browser.new_page()
    response = page.goto(site_server + "/about-us-old")
    assert response is not None and response.status == 404
    page.locator("#countdown-stop").click()
    page.get_by_role("link", name="返回上一页").click()
    page.wait_for_url(site_server + "/")
    page.close()
