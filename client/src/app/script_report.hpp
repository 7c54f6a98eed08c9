// The `report` line of an input script (app/input_script.hpp): what the client knows right now, on
// one line of `key=value` words, for a test harness that decides the next click from it. Only what
// the server sent and the player's own selection; nothing is computed here.
//
//   report state=welcomed cleartext=none|warned|asked|agreed reconnects=0 game=1 seq=12 spectating=0 turn=2
//   phase=movement
//          phasing=french decision=mine|theirs|none over=0 winner=none level=- vp=3,0
//          units=IDX:ARMY:CCRR:STRENGTH[r],...   (every unit on the map; ARMY f, p or a)
//          mine=IDX,...   arrivals=IDX,...   selected=IDX|-   reachable=CCRR,...
//          must_attack=IDX,...   options=TARGET:OWED:ATT+ATT...;...   attackers=IDX,...
//          defenders=IDX,...   odds=none|legal:3-1|illegal   retreat_unit=IDX|-   retreats=CCRR,...
//          advances=CCRR,...   what=words_joined_by_underscores   notice=words_joined_by_underscores
//          draw_offer=ARMY|-   resign_armed=0|1   end=headline_words|-   end_reason=words|-
//          end_vp=Final_VP:_French_N,_Coalition_M|-   export=where_the_record_went|-
//          log=FIRST-LAST/TOTAL (the log panel's wrapped lines shown, 0-0/0 when empty)
//          log_entries=N   log_last=the_newest_entry|-
//          away=the_While_you_were_away_entry|-   (issue 16: a game reopened with a catch-up)
//          rule=RULE|-   choices=LABEL,...
//          replay=GAME|0 replay_at=N|- replay_count=M replay_turn=LABEL|- replay_action=words|-
//          (issue 16: the replay screen's frame, its game's actions, turn label and step)
//          user=ACCOUNT|-   login_error=words|-   (issue 16: the account logged in, why a login
//          or a saved session was refused)
//          briefing_rules=RULE,...   briefing_titles=TITLE,...   briefing_victory=TEXT,...
//          briefing_options=TITLE,...   (issue 16: the briefing the server sent, ScenarioInfo 9-11;
//          commas within an entry written ';')
//          orders_panel=0|1   orders_units=IDX,...   orders_held=IDX:HEX+HEX|-:TOWARD|-:advance|stay,...
//          (the retreat hexes best first, then the toward hex; IDX:none for no order)
//          orders_choice=words|-   (the retreat being chosen, retreat_words)   orders_note=words|-
//          (why the last map click picked nothing)   orders_status=words|-
//          (issue 16: the standing-orders panel, O)
//          failure=words|-   (why the connection failed, as the status bar says it: e.g. the
//          server's certificate refused, issue 28)
//
// Empty lists are written as "-".
#pragma once

#include "model/client_model.hpp"

#include <string>

namespace hd::client {

// The report line (without a newline).
std::string script_report(const ClientModel& model);

}  // namespace hd::client
