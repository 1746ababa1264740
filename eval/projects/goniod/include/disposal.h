// goniod — shared helpers that close what they are given and log failures.
#pragma once
#include <string>

#include "pvconn.h"

namespace goniod {

void close_logged(int fd, const char *what);
void close_and_forget(int &fd, const char *what);
void hang_up(PvConn &conn, const std::string &why);

} // namespace goniod
