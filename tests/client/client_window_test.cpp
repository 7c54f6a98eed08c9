// End to end: the real server, the real client binary in a virtual X display (xvfb-run), and its
// screenshot checked pixel by pixel against the palette (view/palette.hpp), the status bar geometry
// (view/screen_layout.hpp) and the default camera (camera/camera.hpp). The screenshot is kept in
// <build>/artifacts/client-welcome.png.
#include "build_paths.hpp"
#include "camera/camera.hpp"
#include "process.hpp"
#include "server_process.hpp"
#include "view/palette.hpp"
#include "view/screen_layout.hpp"
#include "virtual_display.hpp"

#include <hd/engine/board/hex.hpp>
#include <hd/engine/board/hex_layout.hpp>

#include <SFML/Graphics/Image.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace palette = hd::client::palette;
namespace layout = hd::client::layout;
using hd::engine::Direction;
using hd::engine::Hex;
using hd::engine::Point;

namespace {

constexpr unsigned kWidth = 1280;
constexpr unsigned kHeight = 800;
constexpr double kMapBottom = kHeight - layout::kStatusBarHeight;

// The client's screenshot, or why there is none.
struct Screenshot {
  sf::Image image;
  std::string error;  // empty on success
};

// Starts a fresh server, runs the client under xvfb-run against it and loads the screenshot it
// saved, after copying it to the artifacts directory.
Screenshot take_welcome_screenshot() {
  Screenshot shot;
  try {
    hd::test::ServerProcess server;
    const std::filesystem::path png = server.directory() / "client-welcome.png";
    const auto display =
        hd::test::in_virtual_display(kWidth, kHeight,
                                     {hd::test::built_program("hd_client"), "--server", server.url(),
                                      "--width", std::to_string(kWidth), "--height", std::to_string(kHeight),
                                      "--screenshot", png.string(), "--screenshot-timeout-seconds", "30"});
    const int status = hd::test::run_process(display.argv, std::chrono::seconds(90));
    if (std::filesystem::exists(png)) {
      const std::filesystem::path artifacts = hd::test::artifacts_dir();
      std::filesystem::create_directories(artifacts);
      std::filesystem::copy_file(png, artifacts / png.filename(),
                                 std::filesystem::copy_options::overwrite_existing);
    }
    if (status != 0) {
      shot.error =
          "hd_client exited with status " + std::to_string(status) + "; server log:\n" + server.log();
    } else if (!shot.image.loadFromFile(png.string())) {
      shot.error = "cannot load " + png.string();
    } else if (shot.image.getSize() != sf::Vector2u(kWidth, kHeight)) {
      shot.error = "the screenshot is " + std::to_string(shot.image.getSize().x) + "x" +
                   std::to_string(shot.image.getSize().y) + ", not the window's size";
    }
  } catch (const std::exception& error) {
    shot.error = error.what();
  }
  return shot;
}

// The screenshot all test cases below look at: taken once; a failure is reported by each case, not
// retried.
const sf::Image& welcome_screenshot() {
  static const Screenshot shot = take_welcome_screenshot();
  if (!shot.error.empty()) FAIL(shot.error);
  return shot.image;
}

const hd::engine::HexLayout& default_layout() {
  static const hd::engine::HexLayout hex_layout = hd::client::default_camera().layout();
  return hex_layout;
}

// The pixel containing the point (x, y).
palette::Rgb pixel(const sf::Image& image, double x, double y) {
  const sf::Color c =
      image.getPixel(static_cast<unsigned>(std::floor(x)), static_cast<unsigned>(std::floor(y)));
  return {c.r, c.g, c.b};
}

std::string describe(palette::Rgb rgb) {
  return "rgb(" + std::to_string(rgb.r) + "," + std::to_string(rgb.g) + "," + std::to_string(rgb.b) + ")";
}

int colour_distance(palette::Rgb a, palette::Rgb b) {
  return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
}

}  // namespace

namespace Catch {
template <>
struct StringMaker<palette::Rgb> {
  static std::string convert(const palette::Rgb& rgb) { return describe(rgb); }
};
}  // namespace Catch

TEST_CASE("the map area is not blank", "[e2e]") {
  const sf::Image& image = welcome_screenshot();
  std::set<std::uint32_t> colours;
  for (unsigned y = 0; y < static_cast<unsigned>(kMapBottom); y += 2) {
    for (unsigned x = 0; x < kWidth; x += 2)
      colours.insert(image.getPixel(x, y).toInteger());
  }
  CHECK(colours.size() >= 10);
}

TEST_CASE("hexes all over the screen are filled, away from their numbers", "[e2e]") {
  const sf::Image& image = welcome_screenshot();
  const double w = default_layout().hex_width();
  for (const Hex hex : {Hex{1, 1}, Hex{2, 1}, Hex{1, 2}, Hex{3, 5}, Hex{10, 10}, Hex{20, 8}, Hex{29, 15},
                        Hex{30, 3}, Hex{16, 14}}) {
    const Point c = default_layout().centre(hex);
    REQUIRE(c.y + w / 2 < kMapBottom);
    for (const double dy : {-0.3 * w, 0.3 * w}) {
      INFO("hex " << hd::engine::format_hex(hex) << " probe (" << c.x << ", " << c.y + dy << ") is "
                  << describe(pixel(image, c.x, c.y + dy)));
      CHECK(pixel(image, c.x, c.y + dy) == palette::kHexFill);
    }
  }
}

TEST_CASE("every hexside of several hexes is a grid line", "[e2e]") {
  const sf::Image& image = welcome_screenshot();
  for (const Hex hex : {Hex{1, 1}, Hex{2, 1}, Hex{2, 2}, Hex{7, 4}, Hex{12, 9}}) {
    for (const Direction direction : hd::engine::kAllDirections) {
      const auto side = default_layout().hexside_segment(hex, direction);
      for (const double t : {0.3, 0.5, 0.7}) {
        const double x = side[0].x + (side[1].x - side[0].x) * t;
        const double y = side[0].y + (side[1].y - side[0].y) * t;
        INFO("hex " << hd::engine::format_hex(hex) << " side " << static_cast<int>(direction) << " at (" << x
                    << ", " << y << ") is " << describe(pixel(image, x, y)));
        CHECK(pixel(image, x, y) == palette::kGridLine);
      }
    }
  }
}

TEST_CASE("even columns are drawn half a hex lower than odd ones", "[e2e]") {
  const sf::Image& image = welcome_screenshot();
  const double w = default_layout().hex_width();
  const Point c0101 = default_layout().centre(Hex{1, 1});
  const Point c0201 = default_layout().centre(Hex{2, 1});
  const Point c0301 = default_layout().centre(Hex{3, 1});
  REQUIRE(c0201.y - c0101.y == Approx(w / 2));
  REQUIRE(c0301.y == Approx(c0101.y));
  // A quarter hex above 0101's centre, columns 1 and 3 are inside their first hexes while column 2
  // has not begun: the top edge of 0201 runs level with 0101's centre.
  const double above = c0101.y - w / 4;
  CHECK(pixel(image, c0101.x, above) == palette::kHexFill);
  CHECK(pixel(image, c0301.x, above) == palette::kHexFill);
  CHECK(pixel(image, c0201.x, above) == palette::kBackground);
  CHECK(pixel(image, c0201.x, c0101.y) == palette::kGridLine);
  CHECK(pixel(image, c0201.x, c0101.y + w / 4) == palette::kHexFill);
  // Level with 0201's centre, the hexes of columns 1 and 3 meet their southern neighbours.
  CHECK(pixel(image, c0101.x, c0201.y) == palette::kGridLine);
  CHECK(pixel(image, c0301.x, c0201.y) == palette::kGridLine);
}

TEST_CASE("hex numbers are drawn in the middle of their hexes", "[e2e]") {
  const sf::Image& image = welcome_screenshot();
  for (const Hex hex : {Hex{1, 1}, Hex{2, 1}, Hex{15, 9}}) {
    const Point c = default_layout().centre(hex);
    // In a box around the centre: number ink (nearer the number colour than any other), set on fill.
    int ink = 0;
    int fill = 0;
    for (int dy = -6; dy <= 6; ++dy) {
      for (int dx = -14; dx <= 14; ++dx) {
        const auto colour = pixel(image, c.x + dx, c.y + dy);
        const int to_number = colour_distance(colour, palette::kHexNumber);
        if (colour == palette::kHexFill) ++fill;
        if (to_number < colour_distance(colour, palette::kHexFill) &&
            to_number < colour_distance(colour, palette::kBackground) &&
            to_number < colour_distance(colour, palette::kGridLine)) {
          ++ink;
        }
      }
    }
    INFO("hex " << hd::engine::format_hex(hex) << ": " << ink << " ink and " << fill << " fill pixels");
    CHECK(ink >= 15);
    CHECK(fill >= 100);
  }
}

TEST_CASE("the status bar shows the welcome", "[e2e]") {
  const sf::Image& image = welcome_screenshot();
  const double lamp_x = layout::kLampLeft + layout::kLampSize / 2;
  const double lamp_y = kMapBottom + layout::kStatusBarHeight / 2;
  INFO("lamp is " << describe(pixel(image, lamp_x, lamp_y)));
  CHECK(pixel(image, lamp_x, lamp_y) == palette::kLampWelcomed);

  int text_pixels = 0;
  unsigned rightmost = 0;
  for (auto y = static_cast<unsigned>(kMapBottom); y < kHeight; ++y) {
    for (auto x = static_cast<unsigned>(layout::kStatusTextLeft); x < kWidth; ++x) {
      if (pixel(image, x, y) == palette::kStatusBar) continue;
      ++text_pixels;
      rightmost = std::max(rightmost, x);
    }
  }
  CHECK(text_pixels >= 800);
  // The welcome line (name, 32-digit id, version, connection, map) reaches far further right than
  // "Connecting to ws://127.0.0.1:PORT/ ..." does.
  CHECK(rightmost >= 550);
}
