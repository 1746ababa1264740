// Isolating instrument lines that stopped answering.
#pragma once
#include <chrono>
#include <string>

class NetLine;
class ShiftLog;

/// Logs why and closes the line.
void isolateLine(NetLine &line, ShiftLog &log, const std::string &why);
/// Closes the line (and returns true) if it has been silent beyond `limit`.
bool isolateIfSilent(NetLine &line, ShiftLog &log,
                     std::chrono::steady_clock::duration silentFor,
                     std::chrono::steady_clock::duration limit);
