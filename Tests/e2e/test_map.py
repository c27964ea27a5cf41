"""The Map in a real browser: it pans and zooms by mouse, wheel and keys, clusters split as it zooms in, a
cluster opens its entries, holding a point starts an entry there, and nothing is asked of another site.
The editor's place field names the point a photo was taken at, offline."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.network import requested_urls
from fixtures.pages import call, complete_onboarding, open_page, wait_for
from fixtures.shots import screenshot

SEOUL = [("Gwanghwamun", 37.5759, 126.9768), ("City Hall", 37.5663, 126.9779), ("Myeongdong", 37.5636, 126.9826)]
ELSEWHERE = [("Busan harbour", 35.0975, 129.0366), ("Shinjuku", 35.6895, 139.6917)]


def view(driver) -> tuple[float, float, float]:
    latitude, longitude, zoom = driver.find_element(By.ID, "map").get_attribute("data-view").split(",")
    return float(latitude), float(longitude), float(zoom)


def markers(driver) -> list[int]:
    """The counts of the markers shown, once the answer for the current zoom has arrived."""
    return driver.execute_script(
        "return [...document.querySelectorAll('.map-marker:not(.off)')].map(m => Number(m.dataset.count))")


def settled(driver, timeout: float = 15) -> list[int]:
    def ready(d):
        element = d.find_element(By.ID, "map")
        loaded = element.get_attribute("data-loaded-zoom")
        return loaded is not None and round(float(loaded)) == round(view(d)[2]) and markers(d)
    WebDriverWait(driver, timeout).until(ready, message="the map never showed markers for its zoom")
    return markers(driver)


def test_the_map_pans_zooms_splits_clusters_and_starts_an_entry_where_held(server, browser):
    driver = browser("en-US", 1280, 900)
    complete_onboarding(driver, server, language="en")
    for title, latitude, longitude in SEOUL + ELSEWHERE:
        call(server, "POST", "/api/v1/entries",
             {"title": title, "place": {"latitude": latitude, "longitude": longitude}})

    open_page(driver, server.url + "/map")
    wait_for(driver, "#map[data-basemap-ready='true']")
    counts = settled(driver)
    assert sum(counts) == 5, counts
    assert "5 entries with a place" in driver.find_element(By.ID, "map-lead").text
    screenshot(driver, "map-wide-en")

    # Drag pans, the wheel and the + button zoom in, and the keyboard moves the map too.
    area = driver.find_element(By.ID, "map")
    before = view(driver)
    ActionChains(driver).move_to_element(area).click_and_hold().move_by_offset(-160, 90).release().perform()
    WebDriverWait(driver, 5).until(lambda d: view(d)[:2] != before[:2], message="dragging did not pan")
    zoom = view(driver)[2]
    driver.execute_script("""
        const canvas = document.querySelector('#map canvas');
        const box = canvas.getBoundingClientRect();
        canvas.dispatchEvent(new WheelEvent('wheel', {deltaY: -400, clientX: box.left + box.width / 2,
          clientY: box.top + box.height / 2, bubbles: true, cancelable: true}));""")
    WebDriverWait(driver, 5).until(lambda d: view(d)[2] > zoom, message="the wheel did not zoom in")
    zoom = view(driver)[2]
    driver.find_element(By.ID, "map-zoom-in").click()
    WebDriverWait(driver, 5).until(lambda d: view(d)[2] >= zoom + 0.9, message="+ did not zoom in")
    area.click()
    moved = view(driver)
    area.send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(driver, 5).until(lambda d: view(d)[1] > moved[1], message="the arrow key did not pan")

    # Opened at Seoul, the three entries there are one cluster; zoomed in, they split into three.
    open_page(driver, server.url + "/map?at=37.5686,126.979")
    wait_for(driver, "#map[data-basemap-ready='true']")
    assert 3 in settled(driver)
    for _ in range(12):
        if markers(driver).count(1) >= 3:
            break
        zoom = view(driver)[2]
        driver.find_element(By.ID, "map-zoom-in").click()
        WebDriverWait(driver, 5).until(lambda d: view(d)[2] >= zoom + 0.9)
        settled(driver)
    assert sorted(markers(driver)) == [1, 1, 1], markers(driver)

    # A cluster opens its entries: zoom out until the three are one again, and click it.
    for _ in range(12):
        if 3 in markers(driver):
            break
        zoom = view(driver)[2]
        driver.find_element(By.ID, "map-zoom-out").click()
        WebDriverWait(driver, 5).until(lambda d: view(d)[2] <= zoom - 0.9)
        settled(driver)
    driver.find_element(By.CSS_SELECTOR, ".map-marker[data-count='3']").click()
    panel = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "map-panel") if d.find_element(By.ID, "map-panel").is_displayed() else None)
    WebDriverWait(driver, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#map-panel-list a")) == 3)
    titles = {a.find_element(By.TAG_NAME, "strong").text for a in panel.find_elements(By.CSS_SELECTOR, "#map-panel-list a")}
    assert titles == {"Gwanghwamun", "City Hall", "Myeongdong"}
    screenshot(driver, "map-cluster-panel-en")
    driver.find_element(By.ID, "map-panel-close").click()

    # Holding a point (here: the right-click that stands for it) offers a new entry there.
    area = driver.find_element(By.ID, "map")
    ActionChains(driver).move_to_element(area).context_click().perform()
    link = wait_for(driver, "#map-new-here")
    href = link.get_attribute("href")
    assert "/journal/new?at=" in href
    latitude, longitude = map(float, href.split("at=")[1].split(","))
    here = view(driver)
    assert abs(latitude - here[0]) < 0.05 and abs(longitude - here[1]) < 0.05
    link.click()
    label = wait_for(driver, "#place-label")
    assert "Seoul" in label.text and "South Korea" in label.text
    driver.find_element(By.ID, "title").send_keys("Tea by the palace")
    driver.find_element(By.ID, "save-entry").click()
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.ID, "save-state").get_attribute("data-state") == "saved")
    entry = next(row for row in call(server, "GET", "/api/v1/entries")["entries"] if row["title"] == "Tea by the palace")
    assert entry["placeLabel"] == "Seoul, South Korea", entry
    open_page(driver, server.url + entry["href"])
    wait_for(driver, "#entry-place")
    assert "Seoul, South Korea" in driver.find_element(By.ID, "entry-place-label").text
    # The small map is an image the server draws: it decodes to a picture with a width.
    decoded = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const map = document.querySelector('.static-map');"
        "map.scrollIntoView();"  # it loads lazily: only once it is in view
        "map.decode().then(() => done(map.naturalWidth), () => done(0));")
    assert decoded > 0, "the entry's small map did not decode"

    # Nothing was asked of another site, by any of these pages.
    foreign = [url for url in requested_urls(driver)
               if not url.startswith((server.url, "data:", "blob:", "about:", "chrome"))]
    assert foreign == [], foreign


def test_a_phone_holds_a_point_and_the_editor_offers_a_photos_place(server, browser):
    driver = browser("ko-KR", 390, 844, mobile=True)
    complete_onboarding(driver, server, language="ko")
    call(server, "POST", "/api/v1/entries", {"title": "부산", "place": {"latitude": 35.0975, "longitude": 129.0366}})
    open_page(driver, server.url + "/map?at=35.1,129.04")
    wait_for(driver, "#map[data-basemap-ready='true']")
    settled(driver)
    screenshot(driver, "map-phone-ko")

    # Touch and hold, through the browser's own touch events.
    box = driver.execute_script(
        "const r = document.getElementById('map').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    point = {"x": box[0], "y": box[1], "id": 1}
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    driver.execute_script("return new Promise(resolve => setTimeout(resolve, 800))")
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    link = wait_for(driver, "#map-new-here")
    assert "/journal/new?at=35.1" in link.get_attribute("href")
    screenshot(driver, "map-phone-hold-ko")
    link.click()
    label = wait_for(driver, "#place-label")
    assert "부산" in label.text, label.text

    # "Add my location" asks the browser (here told it is in Tokyo) and names the point in Korean.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                           {"latitude": 35.6895, "longitude": 139.6917, "accuracy": 30})
    open_page(driver, server.url + "/journal/new")
    locate = wait_for(driver, "#place-locate")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", locate)
    locate.click()
    WebDriverWait(driver, 10).until(lambda d: "도쿄" in d.find_element(By.ID, "place-label").text,
                                    message="the browser's position was not used")

    # In the editor of another entry, a photo taken in Seoul offers that place, named in Korean.
    open_page(driver, server.url + "/journal/new")
    wait_for(driver, "#title").send_keys("사진")
    driver.execute_script(
        "document.getElementById('entry-form').dispatchEvent(new CustomEvent('editor:photo', "
        "{detail: {id: 'p', latitude: 37.5663, longitude: 126.9779}}))")
    offer = WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "place-offer") if d.find_element(By.ID, "place-offer").is_displayed() else None)
    assert "서울" in offer.text
    use = driver.find_element(By.ID, "place-use-photo")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", use)
    use.click()
    assert "서울" in driver.find_element(By.ID, "place-label").text
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.ID, "save-state").get_attribute("data-state") == "saved")
    entries = call(server, "GET", "/api/v1/entries")["entries"]
    assert any(row.get("placeLabel") == "대한민국 서울" for row in entries), entries
