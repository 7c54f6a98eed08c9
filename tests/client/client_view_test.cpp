// The client's new screen parts drawn offscreen (tests/client/view_scenes.cpp under xvfb-run) and
// probed pixel by pixel: the create-game form over the lobby (and its NOT BY THE BOOK note), the
// bombardment sight lines in the colour of the server's verdict (7.3; the verdict computed by the
// engine as the server does), the die rolling then the result over the defender (7.0), the turn
// track strip (4.0), and 16.3's last-seen enemy pieces (faded and tagged; never seen, not drawn) and
// observed area (F: an observed hex shaded, one outside it not).
#include "build_paths.hpp"
#include "process.hpp"
#include "view/map_palette.hpp"
#include "virtual_display.hpp"

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace palette = hd::client::palette;

namespace {

const std::filesystem::path& scenes() {
  static const std::filesystem::path out = [] {
    const auto dir = std::filesystem::path(hd::test::artifacts_dir()) / "client-view";
    std::filesystem::remove_all(dir);
    REQUIRE(hd::test::run_process(
                hd::test::in_virtual_display(
                    1280, 800, {hd::test::built_program("hd_client_view_scenes"), "--out", dir.string()})
                    .argv,
                std::chrono::seconds(120)) == 0);
    return dir;
  }();
  return out;
}

sf::Image image(const std::string& name) {
  sf::Image picture;
  REQUIRE(picture.loadFromFile((scenes() / name).string()));
  return picture;
}

// The facts the scene tool wrote: name -> numbers.
std::map<std::string, std::vector<int>> facts() {
  std::map<std::string, std::vector<int>> out;
  std::ifstream file(scenes() / "scenes.txt");
  std::string line;
  while (std::getline(file, line)) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    int number = 0;
    while (words >> number)
      out[name].push_back(number);
  }
  return out;
}

bool near(sf::Color c, palette::Rgb expected, int tolerance = 8) {
  const auto close = [&](int a, int b) { return std::abs(a - b) <= tolerance; };
  return close(c.r, expected.r) && close(c.g, expected.g) && close(c.b, expected.b);
}

// Of the points from 25% to 75% along the segment, the share within 1 px of `colour`.
double share_along(const sf::Image& picture, const std::vector<int>& segment, palette::Rgb colour) {
  REQUIRE(segment.size() == 4);
  int hits = 0;
  const int samples = 60;
  for (int i = 0; i < samples; ++i) {
    const double t = 0.25 + 0.5 * i / (samples - 1);
    const double x = segment[0] + t * (segment[2] - segment[0]);
    const double y = segment[1] + t * (segment[3] - segment[1]);
    bool hit = false;
    for (int dx = -1; dx <= 1 && !hit; ++dx)
      for (int dy = -1; dy <= 1 && !hit; ++dy)
        hit = near(picture.getPixel(static_cast<unsigned>(x + dx), static_cast<unsigned>(y + dy)), colour);
    hits += hit;
  }
  return static_cast<double>(hits) / samples;
}

int count_in(const sf::Image& picture, int left, int top, int right, int bottom, palette::Rgb colour) {
  int count = 0;
  for (int x = std::max(0, left); x < std::min<int>(right, static_cast<int>(picture.getSize().x)); ++x)
    for (int y = std::max(0, top); y < std::min<int>(bottom, static_cast<int>(picture.getSize().y)); ++y)
      count += near(picture.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)), colour, 3);
  return count;
}

}  // namespace

TEST_CASE("the create-game form opens over the lobby with the scenario list", "[client]") {
  const auto known = facts();
  CHECK(known.at("form-open") == std::vector<int>{1});
  // Clicks on a force option, an optional rule and a seat's Human/Built-in button took effect.
  CHECK(known.at("form-choices") == std::vector<int>{1, 1, 1});
  const sf::Image lobby = image("lobby-form.png");
  CHECK(near(lobby.getPixel(20, 700), {40, 46, 58}, 2));  // the form's box over the lists
  // The chosen scenario's button is highlighted in the list (left column).
  CHECK(count_in(lobby, 28, 190, 330, 760, {96, 128, 176}) > 1000);
}

TEST_CASE("my games: the game waiting for us is first and marked by the green bar (issue 16)", "[client]") {
  CHECK(facts().at("my-games") == std::vector<int>{4, 9});
  const sf::Image lobby = image("lobby-your-turn.png");
  // lobby_screen.hpp's lobby_layout: rows from kListTop 152 every kRowHeight 30 px, the first under
  // the "My games" heading; the bar kTurnMarkerLeft 20, 8 wide, 4 below the row's top, 18 tall.
  const palette::Rgb marker{84, 210, 112};
  const int first_row = 152 + 30;
  const int left = 20;
  const int right = 20 + 8;
  const int top = first_row + 4;
  const int bottom = top + 18;
  const int area = (right - left) * (bottom - top);
  CHECK(count_in(lobby, left, top, right, bottom, marker) > area * 3 / 4);
  // The second row (not our turn) has no bar.
  const int second = 30;
  CHECK(count_in(lobby, left, top + second, right, bottom + second, marker) == 0);
}

TEST_CASE("a scenario the server lists with missing rules gets the NOT BY THE BOOK note in the form",
          "[client]") {
  const auto known = facts();
  // A click on Grand Waterloo's entry chose it, and the server's list names rules it lacks.
  CHECK(known.at("form-not-by-the-book") == std::vector<int>{1, 1});
  // The note is drawn in the alert colour over the force options (middle column): not for Quatre
  // Bras, played by the book, and in lines of text for Grand Waterloo.
  const palette::Rgb alert{255, 170, 120};
  CHECK(count_in(image("lobby-form.png"), 350, 188, 870, 250, alert) == 0);
  CHECK(count_in(image("lobby-form-not-by-the-book.png"), 350, 188, 870, 250, alert) > 100);
}

TEST_CASE("sight lines take the server's verdict: blocked in red, unsaid in grey, clear in green (7.3)",
          "[client]") {
  const auto known = facts();
  const sf::Image blocked = image("sight-blocked.png");
  CHECK(share_along(blocked, known.at("blocked-line"), palette::kSightBlocked) > 0.6);
  CHECK(share_along(blocked, known.at("unknown-line"), palette::kSightUnknown) > 0.6);
  CHECK(share_along(blocked, known.at("unknown-line"), palette::kSightClear) == 0.0);
  REQUIRE(known.at("clear-legal") == std::vector<int>{1});
  const sf::Image clear = image("sight-clear.png");
  CHECK(share_along(clear, known.at("clear-line"), palette::kSightClear) > 0.6);
  CHECK(share_along(clear, known.at("blocked-line"), palette::kSightBlocked) == 0.0);
}

TEST_CASE("a combat's die rolls over the defender, then the result shows (7.0)", "[client]") {
  const auto at = facts().at("combat-at");
  const int x = at[0];
  const int y = at[1];
  const sf::Image rolling = image("combat-roll.png");
  CHECK(count_in(rolling, x - 60, y - 60, x, y, palette::kDieFace) > 100);
  CHECK(count_in(rolling, x - 20, y - 20, x + 20, y + 20, palette::kResultDefenderLoses) == 0);
  const sf::Image result = image("combat-result.png");
  CHECK(count_in(result, x - 60, y - 60, x, y, palette::kDieFace) > 100);
  CHECK(count_in(result, x - 25, y - 25, x + 25, y + 25, palette::kResultDefenderLoses) > 40);
}

TEST_CASE("the panel draws the turn track strip with the current turn marked (4.0)", "[client]") {
  const sf::Image panel = image("sight-clear.png");
  const int left = 1280 - 400;
  CHECK(count_in(panel, left, 0, 1280, 140, palette::kTrackCurrent) > 20);
  CHECK(count_in(panel, left, 0, 1280, 140, palette::kTrackDay) > 200);
}

TEST_CASE("the CRT marks the odds column of the combat being built (issue 16)", "[client]") {
  const auto known = facts();
  // Refused by the server: nothing to mark.
  CHECK(known.at("crt-refused-marked") == std::vector<int>{0});
  CHECK(count_in(image("crt-refused.png"), 0, 0, 880, 772, palette::kCrtOddsColumn) == 0);
  // Legal: the used odds' column is found in the header (not the die column) and marked there only.
  const auto chars = known.at("crt-column-chars");
  REQUIRE(chars.size() == 2);
  CHECK(chars[0] >= 7);
  CHECK(chars[1] >= 7);
  const auto column = known.at("crt-column");
  REQUIRE(column.size() == 4);
  const sf::Image crt = image("crt-odds.png");
  const int area = (column[2] - column[0]) * (column[3] - column[1]);
  CHECK(area > 7 * 6 * 14);  // a cell wide, seven lines high at least
  CHECK(count_in(crt, column[0], column[1], column[2], column[3], palette::kCrtOddsColumn) > area / 2);
  CHECK(count_in(crt, 0, 0, column[0] - 1, 772, palette::kCrtOddsColumn) == 0);
  CHECK(count_in(crt, column[2] + 1, 0, 880, 772, palette::kCrtOddsColumn) == 0);
}

TEST_CASE(
    "16.3: an unobserved enemy piece is drawn faded and tagged where last seen; a never seen one is not",
    "[client]") {
  const auto known = facts();
  const auto at = known.at("fog-at");
  REQUIRE(at.size() == 3);
  const int x = at[0];
  const int y = at[1];
  const int half = at[2] / 2;
  REQUIRE(half >= 8);
  REQUIRE(x - 2 * half >= 0);
  REQUIRE(x + 2 * half < 880);
  REQUIRE(y - 2 * half >= 0);
  REQUIRE(y + 2 * half + 24 < 776);
  // The counter's body, less a pixel of its edges.
  const auto body = [&](const sf::Image& picture, palette::Rgb colour) {
    return count_in(picture, x - half + 2, y - half + 2, x + half - 1, y + half - 1, colour);
  };
  const int area = (2 * half - 3) * (2 * half - 3);
  const palette::Rgb washed{
      static_cast<std::uint8_t>((palette::kLastSeenWash.r * palette::kLastSeenWashAlpha +
                                 palette::kAlliedCounter.r * (255 - palette::kLastSeenWashAlpha)) /
                                255),
      static_cast<std::uint8_t>((palette::kLastSeenWash.g * palette::kLastSeenWashAlpha +
                                 palette::kAlliedCounter.g * (255 - palette::kLastSeenWashAlpha)) /
                                255),
      static_cast<std::uint8_t>((palette::kLastSeenWash.b * palette::kLastSeenWashAlpha +
                                 palette::kAlliedCounter.b * (255 - palette::kLastSeenWashAlpha)) /
                                255)};
  // Shown as it stands: the Allied colour, no wash, no dashes, no tag.
  const sf::Image shown = image("fog-shown.png");
  CHECK(body(shown, palette::kAlliedCounter) > area / 3);
  CHECK(body(shown, washed) == 0);
  CHECK(count_in(shown, x - half - 2, y - half - 2, x + half + 2, y + half + 2, palette::kLastSeenOutline) ==
        0);
  CHECK(count_in(shown, x - 2 * half, y + half, x + 2 * half, y + half + 24, palette::kLastSeenTag) == 0);
  // Where last seen: the same hex, the counter under the wash (no plain Allied colour left), its
  // dashed outline, and the tag under the hex.
  const sf::Image faded = image("fog-last-seen.png");
  CHECK(body(faded, palette::kAlliedCounter) == 0);
  CHECK(body(faded, washed) > area / 3);
  CHECK(count_in(faded, x - half - 2, y - half - 2, x + half + 2, y + half + 2, palette::kLastSeenOutline) >
        2 * half);
  CHECK(count_in(faded, x - 2 * half, y + half, x + 2 * half, y + half + 24, palette::kLastSeenTag) > 40);
  CHECK(known.at("fog-tag") == std::vector<int>{1});  // "seen <turn 0's label>"
  // Never seen: nothing where it stands, pixel for pixel as if it were not in the view at all.
  const sf::Image never = image("fog-never-seen.png");
  const sf::Image absent = image("fog-absent.png");
  CHECK(body(never, palette::kAlliedCounter) == 0);
  CHECK(body(never, washed) == 0);
  int differing = 0;
  for (int px = x - 2 * half; px < x + 2 * half; ++px)
    for (int py = y - 2 * half; py < y + 2 * half + 24; ++py)
      differing += never.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py)) !=
                   absent.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py));
  CHECK(differing == 0);
  // And the absent hex is not the shown one (the comparison sees a counter when there is one).
  int shown_differs = 0;
  for (int px = x - half; px < x + half; ++px)
    for (int py = y - half; py < y + half; ++py)
      shown_differs += shown.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py)) !=
                       absent.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py));
  CHECK(shown_differs > area / 2);
}

TEST_CASE("16.3: F's observed area shades an observed hex lightly and leaves a hex outside it as it was",
          "[client]") {
  const auto known = facts();
  CHECK(known.at("observed-area") == std::vector<int>{3});
  const auto in = known.at("observed-in");
  const auto out = known.at("observed-out");
  REQUIRE(in.size() == 2);
  REQUIRE(out.size() == 2);
  const sf::Image none = image("observed-none.png");
  const sf::Image shaded = image("observed-area.png");
  // The 17 x 17 px square at a hex's centre (well inside a hex at the opening zoom): how many of its
  // pixels show the area's white at kObservedAlpha (hex_highlight's Observed) over the same pixel drawn
  // without it, and how many differ from it at all.
  const int kHalf = 8;
  const int square = (2 * kHalf + 1) * (2 * kHalf + 1);
  const auto compare = [&](const std::vector<int>& centre, int& washed, int& differing) {
    REQUIRE(centre[0] - kHalf >= 0);
    REQUIRE(centre[0] + kHalf < 880);
    REQUIRE(centre[1] - kHalf >= 0);
    REQUIRE(centre[1] + kHalf < 776);
    washed = 0;
    differing = 0;
    for (int px = centre[0] - kHalf; px <= centre[0] + kHalf; ++px)
      for (int py = centre[1] - kHalf; py <= centre[1] + kHalf; ++py) {
        const sf::Color under = none.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py));
        const sf::Color over = shaded.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py));
        const auto mix = [](int colour, int base) {
          return static_cast<std::uint8_t>(
              (colour * palette::kObservedAlpha + base * (255 - palette::kObservedAlpha)) / 255);
        };
        const palette::Rgb expected{mix(palette::kObserved.r, under.r), mix(palette::kObserved.g, under.g),
                                    mix(palette::kObserved.b, under.b)};
        washed += under != over && near(over, expected, 2);
        differing += under != over;
      }
  };
  int washed = 0;
  int differing = 0;
  compare(in, washed, differing);
  INFO("observed hex at " << in[0] << "," << in[1] << ": " << washed << " of " << square << " washed");
  CHECK(washed > square * 9 / 10);
  compare(out, washed, differing);
  INFO("hex outside at " << out[0] << "," << out[1] << ": " << differing << " differ");
  CHECK(differing == 0);
}

TEST_CASE(
    "16.6: hidden movement markers are drawn, the band telling the owner which is real, and nobody else",
    "[client]") {
  const auto known = facts();
  const int half = known.at("fog-at").at(2) / 2;
  REQUIRE(half >= 8);
  const sf::Image markers = image("hidden-markers.png");
  const sf::Image none = image("observed-none.png");
  // The band: the counter's width, from just below its centre to near its foot.
  const auto band = [&](const sf::Image& picture, const char* name, palette::Rgb colour) {
    const auto at = known.at(name);
    REQUIRE(at.size() == 2);
    return count_in(picture, at[0] - half + 2, at[1], at[0] + half - 2, at[1] + half / 2, colour);
  };
  const int enough = half * half / 2;
  // The enemy's marker: the cream band, no gold or grey (its view has no `real`).
  CHECK(band(markers, "marker-enemy", palette::kHiddenMarkerBand) > enough);
  CHECK(band(markers, "marker-enemy", palette::kHiddenMarkerReal) == 0);
  CHECK(band(markers, "marker-enemy", palette::kHiddenMarkerDummy) == 0);
  // The viewer's own: gold on the real one, grey on the dummy.
  CHECK(band(markers, "marker-real", palette::kHiddenMarkerReal) > enough);
  CHECK(band(markers, "marker-real", palette::kHiddenMarkerBand) == 0);
  CHECK(band(markers, "marker-dummy", palette::kHiddenMarkerDummy) > enough);
  CHECK(band(markers, "marker-dummy", palette::kHiddenMarkerReal) == 0);
  // With no marker in the view, none of it is drawn there.
  for (const char* name : {"marker-enemy", "marker-real", "marker-dummy"})
    for (const palette::Rgb colour :
         {palette::kHiddenMarkerBand, palette::kHiddenMarkerReal, palette::kHiddenMarkerDummy})
      CHECK(band(none, name, colour) == 0);
}

TEST_CASE("16.6B: the marker picked to move is framed as a selected unit and its path drawn", "[client]") {
  const auto known = facts();
  CHECK(known.at("marker-picked") == std::vector<int>{1, 1});  // picked, one hex of path
  const int half = known.at("fog-at").at(2) / 2;
  REQUIRE(half >= 8);
  const sf::Image picked = image("hidden-marker-picked.png");
  const sf::Image unpicked = image("hidden-markers.png");
  // The strip just above a marker, where the frame (3 px outside the counter) runs along its top edge;
  // clear of the neighbouring hexes' outlines (the selected hex is the path's, south-west).
  const auto frame_top = [&](const sf::Image& picture, const char* name) {
    const auto at = known.at(name);
    REQUIRE(at.size() == 2);
    return count_in(picture, at[0] - half, at[1] - half - 4, at[0] + half, at[1] - half + 1,
                    palette::kSelection);
  };
  CHECK(frame_top(picked, "marker-real") > 2 * half);
  CHECK(frame_top(unpicked, "marker-real") == 0);
  CHECK(frame_top(picked, "marker-dummy") == 0);  // its mate is not picked
  CHECK(frame_top(picked, "marker-enemy") == 0);
  // The path's line and dots at the path hex's centre; none there without a marker picked.
  const auto step = known.at("marker-step");
  REQUIRE(step.size() == 2);
  const auto path_at = [&](const sf::Image& picture) {
    return count_in(picture, step[0] - 4, step[1] - 4, step[0] + 5, step[1] + 5, palette::kPathLine);
  };
  CHECK(path_at(picked) > 10);
  CHECK(path_at(unpicked) == 0);
}
