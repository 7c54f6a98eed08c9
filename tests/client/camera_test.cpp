// The camera: the default placement the end-to-end test relies on, pan, and zoom about the mouse.
#include "camera/camera.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using hd::client::Camera;
using hd::engine::Hex;
using hd::engine::Point;

namespace {

// Where a screen pixel lies on the map, in hex widths from hex (0, 0)'s centre.
Point map_point(const Camera& camera, Point screen) {
  return {(screen.x - camera.origin().x) / camera.hex_width(),
          (screen.y - camera.origin().y) / camera.hex_width()};
}

}  // namespace

TEST_CASE("the default camera puts hex 0101 where it is documented") {
  const Camera camera = hd::client::default_camera();
  CHECK(camera.hex_width() == hd::client::kDefaultHexWidth);
  CHECK(camera.hex_width() == 48.0);
  const Point first = camera.layout().centre(Hex{1, 1});
  CHECK(first.x == Approx(hd::client::kDefaultFirstHexCentre.x));
  CHECK(first.y == Approx(hd::client::kDefaultFirstHexCentre.y));
  CHECK(first.x == Approx(44.0));
  CHECK(first.y == Approx(44.0));
}

TEST_CASE("under the default camera even columns sit half a hex lower") {
  const auto layout = hd::client::default_camera().layout();
  const Point c0101 = layout.centre(Hex{1, 1});
  const Point c0201 = layout.centre(Hex{2, 1});
  const Point c0301 = layout.centre(Hex{3, 1});
  CHECK(c0201.y - c0101.y == Approx(24.0));
  CHECK(c0301.y == Approx(c0101.y));
  CHECK(c0201.x - c0101.x == Approx(48.0 * std::numbers::sqrt3 / 2.0));
  // The whole map fits the margin: 0101's west corner and top edge are on screen.
  CHECK(layout.corners(Hex{1, 1})[3].x > 0);
  CHECK(c0101.y - 24.0 > 0);
}

TEST_CASE("pan moves every hex by the same number of pixels") {
  Camera camera = hd::client::default_camera();
  const Point before = camera.layout().centre(Hex{12, 30});
  camera.pan(-130.5, 42.0);
  const Point after = camera.layout().centre(Hex{12, 30});
  CHECK(after.x - before.x == Approx(-130.5));
  CHECK(after.y - before.y == Approx(42.0));
  CHECK(camera.hex_width() == 48.0);
}

TEST_CASE("zoom keeps the map point under the mouse fixed") {
  Camera camera = hd::client::default_camera();
  camera.pan(-300, -200);
  const Point mouse{637.0, 411.0};
  const Point under_mouse = map_point(camera, mouse);
  const Hex hex_under_mouse = camera.layout().hex_at(mouse);

  for (const double factor : {1.15, 1.15, 1.0 / 1.15, 2.5, 0.4}) {
    camera.zoom_at(mouse, factor);
    const Point now = map_point(camera, mouse);
    CHECK(now.x == Approx(under_mouse.x));
    CHECK(now.y == Approx(under_mouse.y));
    CHECK(camera.layout().hex_at(mouse) == hex_under_mouse);
  }
}

TEST_CASE("zoom about a hex centre leaves that centre on the same pixel and scales the width") {
  Camera camera = hd::client::default_camera();
  const Point centre = camera.layout().centre(Hex{5, 7});
  camera.zoom_at(centre, 2.0);
  CHECK(camera.hex_width() == Approx(96.0));
  const Point after = camera.layout().centre(Hex{5, 7});
  CHECK(after.x == Approx(centre.x));
  CHECK(after.y == Approx(centre.y));
}

TEST_CASE("zoom is clamped to the limits and still keeps the mouse point fixed") {
  Camera camera = hd::client::default_camera();
  const Point mouse{200.0, 300.0};
  const Point under_mouse = map_point(camera, mouse);
  camera.zoom_at(mouse, 1000.0);
  CHECK(camera.hex_width() == hd::client::kMaxHexWidth);
  CHECK(map_point(camera, mouse).x == Approx(under_mouse.x));
  CHECK(map_point(camera, mouse).y == Approx(under_mouse.y));
  camera.zoom_at(mouse, 1e-6);
  CHECK(camera.hex_width() == hd::client::kMinHexWidth);
  CHECK(map_point(camera, mouse).x == Approx(under_mouse.x));
  CHECK(map_point(camera, mouse).y == Approx(under_mouse.y));
}

TEST_CASE("a camera is built with a clamped hex width") {
  CHECK(Camera(1.0, Point{}).hex_width() == hd::client::kMinHexWidth);
  CHECK(Camera(1e6, Point{}).hex_width() == hd::client::kMaxHexWidth);
}
