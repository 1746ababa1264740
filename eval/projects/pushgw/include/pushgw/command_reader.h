// Reads gateway commands, one per line, from a stdio stream (stdin in
// `pushgw serve`): send, reload, stats, quit. No BUG markers.
#pragma once
#include <cstdio>
#include <string>

namespace pushgw {

class Gateway;

class CommandReader {
public:
  CommandReader(Gateway &gateway, std::FILE *in, std::FILE *out);
  /// Runs commands until "quit" or end of input; returns how many ran.
  int run();

private:
  bool handle(const std::string &line);

  Gateway &gateway_;
  std::FILE *in_;
  std::FILE *out_;
};

} // namespace pushgw
