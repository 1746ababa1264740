// Parsing and formatting of the client line protocol.
#include "protocol.h"

#include <cctype>

namespace tilesrv::protocol {

Command parseCommand(std::string_view line) {
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
    line.remove_suffix(1);
  const auto space = line.find(' ');
  std::string verb(line.substr(0, space));
  for (char &c : verb)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Command cmd;
  if (space != std::string_view::npos)
    cmd.argument = std::string(line.substr(space + 1));

  if (verb == "HELLO")
    cmd.kind = CommandKind::Hello;
  else if (verb == "GET" && !cmd.argument.empty())
    cmd.kind = CommandKind::Get;
  else if (verb == "PING")
    cmd.kind = CommandKind::Ping;
  else if (verb == "STATS")
    cmd.kind = CommandKind::Stats;
  else if (verb == "QUIT")
    cmd.kind = CommandKind::Quit;
  return cmd;
}

std::string welcome(SessionId id) { return "WELCOME " + std::to_string(id) + "\n"; }

std::string tileFrame(const TileKey &key, const std::string &blob) {
  std::string frame = "TILE " + toString(key) + " " + std::to_string(blob.size()) + "\n";
  frame += blob;
  return frame;
}

std::string formatError(int code, std::string_view message) {
  std::string out = "ERR " + std::to_string(code) + " ";
  out.append(message);
  out += '\n';
  return out;
}

std::string bye(std::string_view reason) {
  std::string out = "BYE ";
  out.append(reason);
  out += '\n';
  return out;
}

std::string pong() { return "PONG\n"; }

std::string stats(std::string_view json) {
  std::string out = "STATS ";
  out.append(json);
  out += '\n';
  return out;
}

} // namespace tilesrv::protocol
