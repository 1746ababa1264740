// Small file helpers for main().
#pragma once
#include <cstdio>
#include <string>

namespace buildfarm {

// Writes the agent's pid and a newline to fp, flushes it and closes fp.
// Returns false when the write or the close failed.
bool writePidFile(std::FILE *fp);

// Returns the whole content of path, or an empty string.
std::string readSmallFile(const std::string &path);

} // namespace buildfarm
