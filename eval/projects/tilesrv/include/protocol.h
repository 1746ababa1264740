// The line protocol spoken with map clients:
//   HELLO <client-token>   -> WELCOME <session-id>
//   GET <style>/<z>/<x>/<y> -> TILE <key> <length>\n<bytes> | ERR <code> <text>
//   PING -> PONG, STATS -> STATS <json>, QUIT -> BYE
#pragma once

#include <string>
#include <string_view>

#include "common.h"
#include "tile_key.h"

namespace tilesrv::protocol {

enum class CommandKind { Hello, Get, Ping, Stats, Quit, Invalid };

struct Command {
  CommandKind kind = CommandKind::Invalid;
  std::string argument;
};

Command parseCommand(std::string_view line);

std::string welcome(SessionId id);
std::string tileFrame(const TileKey &key, const std::string &blob);
std::string formatError(int code, std::string_view message);
std::string bye(std::string_view reason);
std::string pong();
std::string stats(std::string_view json);

} // namespace tilesrv::protocol
