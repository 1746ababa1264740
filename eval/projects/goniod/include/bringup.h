// goniod — IOC greeting helpers used when a component connects.
#pragma once
#include <string>

#include "pvconn.h"

namespace goniod {

// false (and the connection closed) when the IOC announces another banner.
bool greet_ioc(PvConn &conn, const std::string &banner);
// Throws (after closing the connection) when the banner does not match.
void require_ioc(PvConn &conn, const std::string &banner);
// Closes the connection and throws.
[[noreturn]] void abandon_ioc(PvConn &conn, const std::string &why);

} // namespace goniod
