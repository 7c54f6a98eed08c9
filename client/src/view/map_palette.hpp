// The colours of the terrain map and the counters, by meaning (a map reader's conventions: green
// woods, blue water, brown roads, red-brown towns). Tests probe rendered maps for these values.
#pragma once

#include "view/palette.hpp"

namespace hd::client::palette {

inline constexpr Rgb kClear{226, 220, 178};      // open ground
inline constexpr Rgb kForest{92, 138, 74};       // woods
inline constexpr Rgb kMarsh{150, 178, 150};      // marsh
inline constexpr Rgb kTown{196, 120, 96};        // built-up hexes
inline constexpr Rgb kChateau{150, 60, 48};      // walled farms
inline constexpr Rgb kOutOfPlay{160, 160, 160};  // hexes outside a scenario's playing area
inline constexpr Rgb kHexEdge{176, 166, 128};    // the thin hex grid over the terrain
inline constexpr Rgb kRoad{176, 48, 40};         // chaussees (red, as on period maps)
inline constexpr Rgb kTrail{150, 110, 70};       // trails
inline constexpr Rgb kStream{60, 120, 210};      // streams
inline constexpr Rgb kRiver{30, 80, 190};        // rivers and lakes
inline constexpr Rgb kBridge{90, 90, 90};        // bridges
inline constexpr Rgb kCrest{110, 70, 30};        // crest hexsides
inline constexpr Rgb kLabel{30, 30, 30};         // place names

// Counters: each army's colours (fill, then text and symbol).
inline constexpr Rgb kFrenchCounter{70, 110, 200};
inline constexpr Rgb kPrussianCounter{60, 60, 60};
inline constexpr Rgb kAlliedCounter{200, 60, 50};
inline constexpr Rgb kCounterText{250, 250, 250};
inline constexpr Rgb kLeaderStar{235, 190, 40};           // a leader's star (10.0), gold on his army's colour
inline constexpr Rgb kInactiveLeaderStar{150, 150, 150};  // on the inactive side (16.14): grey
// The marks on a counter's corners (game_screen's legend names them).
inline constexpr Rgb kOutOfCommandMark{255, 140, 0};  // top right: out of command (11.3)
inline constexpr Rgb kDemoralizedMark{20, 20, 20};    // top left: its corps demoralized (13.2)
inline constexpr Rgb kMovedMark{250, 250, 250};       // bottom left: moved this phase
// 16.3 (issue 14): an enemy piece not observed now, drawn where it was last seen: a pale wash over the
// whole counter (kLastSeenWashAlpha), a dashed slate-grey outline, and a tag under its hex with the turn
// it was seen in (light text on dark slate).
inline constexpr Rgb kLastSeenWash{236, 236, 236};
inline constexpr std::uint8_t kLastSeenWashAlpha = 170;
inline constexpr Rgb kLastSeenOutline{84, 84, 110};
inline constexpr Rgb kLastSeenTag{58, 62, 84};
inline constexpr Rgb kLastSeenTagText{250, 250, 250};
// 16.6 (issue 14): a hidden movement marker, in its army's colour with a band bearing its pair and
// letter: cream where the viewer may not know which of the pair is real, gold on the owner's real
// marker, grey on its dummy; an orange outline while the pair is being revealed (16.6C).
inline constexpr Rgb kHiddenMarkerBand{240, 226, 170};
inline constexpr Rgb kHiddenMarkerReal{250, 196, 40};
inline constexpr Rgb kHiddenMarkerDummy{168, 168, 168};
inline constexpr Rgb kHiddenMarkerText{20, 20, 20};
inline constexpr Rgb kHiddenMarkerRevealing{255, 110, 0};

// The game screen's overlays on the map (drawn translucent over the terrain, kOverlayAlpha).
inline constexpr Rgb kReachable{40, 150, 255};    // hexes the selected unit can reach
inline constexpr Rgb kPathLine{10, 40, 150};      // the hovered hex's path
inline constexpr Rgb kSelection{255, 214, 0};     // the selected unit's counter and hex
inline constexpr Rgb kAttacker{230, 30, 30};      // units in the combat being built: attackers
inline constexpr Rgb kDefender{255, 140, 0};      // defenders
inline constexpr Rgb kBombard{160, 60, 210};      // bombarding artillery
inline constexpr Rgb kRetreatHex{40, 200, 80};    // legal retreat or advance hexes
inline constexpr Rgb kCommandRange{0, 150, 150};  // a selected leader's command range and links (11.2)
inline constexpr Rgb kObserved{255, 255, 255};    // the hexes the player's side observes (16.3, F)
// The observed area's wash: lighter than the other overlays, drawn under them all.
inline constexpr std::uint8_t kObservedAlpha = 40;
inline constexpr std::uint8_t kOverlayAlpha = 110;
inline constexpr Rgb kLastMove{255, 0, 170};  // the last player turn's moves: trail and starting ring
// Bombardment sight lines (7.3): the server's verdict on the combat as built.
inline constexpr Rgb kSightClear{30, 170, 60};      // the combat is legal: sight and range
inline constexpr Rgb kSightBlocked{220, 20, 20};    // the server refused this unit's fire
inline constexpr Rgb kSightUnknown{120, 120, 120};  // refused for another reason
// The die and the combat result over the defender's hex (7.0).
inline constexpr Rgb kDieFace{252, 250, 240};
inline constexpr Rgb kDiePip{20, 20, 20};
inline constexpr Rgb kResultAttackerLoses{200, 30, 30};  // Ae, Ar
inline constexpr Rgb kResultDefenderLoses{20, 110, 40};  // De, Dr
inline constexpr Rgb kResultExchange{150, 90, 10};       // Ex
// The turn track strip in the panel (4.0): day and night boxes, the current turn, rain.
inline constexpr Rgb kTrackDay{214, 206, 170};
inline constexpr Rgb kTrackNight{40, 44, 80};
inline constexpr Rgb kTrackCurrent{255, 214, 0};
inline constexpr Rgb kTrackRain{70, 140, 230};

// The help overlays over the map (legend F1, terrain effects chart F2; the CRT's panel is the same
// colour, translucent): an opaque light panel with dark ink.
inline constexpr Rgb kHelpPanel{250, 246, 232};
inline constexpr Rgb kHelpInk{30, 30, 30};
inline constexpr Rgb kHelpHeading{120, 24, 40};
// Issue 16: the standing-orders panel (O): a pale blue panel, framed in dark blue, the choice in blue.
inline constexpr Rgb kOrdersPanel{226, 236, 248};
inline constexpr Rgb kOrdersFrame{40, 70, 130};
inline constexpr Rgb kOrdersChoice{30, 70, 170};
// The CRT's column of the combat being built (its odds as the server answered them).
inline constexpr Rgb kCrtOddsColumn{255, 214, 90};

// The side panel.
inline constexpr Rgb kPanel{30, 34, 42};
inline constexpr Rgb kPanelText{230, 230, 230};
inline constexpr Rgb kPanelHeading{250, 214, 120};
inline constexpr Rgb kPanelAlert{255, 130, 110};
// The replay screen's slider (issue 16): its bar and the thumb at the frame shown.
inline constexpr Rgb kReplayBar{84, 92, 108};
inline constexpr Rgb kReplayThumb{250, 214, 120};
// The end-of-game banner over the map (its right edge is probed by tests/client/client_game_test.cpp).
inline constexpr Rgb kGameEndBanner{120, 24, 40};

}  // namespace hd::client::palette
