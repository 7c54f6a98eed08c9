// The table of every rule module (registered_modules.cpp). Private to the engine.
#pragma once

#include <hd/engine/rules/modules/rule_module.hpp>

#include <vector>

namespace hd::engine {

// Every module defined in the engine, in no particular order.
std::vector<const RuleModule*> rule_module_table();

}  // namespace hd::engine
