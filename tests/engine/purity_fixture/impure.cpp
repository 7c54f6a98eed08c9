// Fixture for engine_purity_check_rejects_foreign_includes: an engine file that breaks the rule.
#include <boost/asio.hpp>
#include <vector>
