// CommandReader: runs gateway commands read line by line from a stdio stream:
//   send <tenant> <token> <title>|<body>   queue a notification
//   reload                                 reload the credentials file
//   stats                                  print counters
//   quit                                   stop the gateway and return
// The input stream belongs to the caller (stdin) and is never closed here.
// No BUG markers: every gateway call is valid in any gateway state (submit()
// refuses when not running, reloadCredentials() throws, stop() is idempotent).
#include "pushgw/command_reader.h"

#include <exception>
#include <sstream>

#include "pushgw/gateway.h"

namespace pushgw {

CommandReader::CommandReader(Gateway &gateway, std::FILE *in, std::FILE *out)
    : gateway_(gateway), in_(in), out_(out) {}

int CommandReader::run() {
  char buf[4096];
  int count = 0;
  while (std::fgets(buf, sizeof buf, in_)) {
    std::string line(buf);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
      line.pop_back();
    if (line.empty() || line[0] == '#')
      continue;
    ++count;
    if (!handle(line))
      break;
  }
  return count;
}

bool CommandReader::handle(const std::string &line) {
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  std::string rest;
  std::getline(in, rest);

  if (verb == "send") {
    Notification n;
    if (!parseSendCommand(rest, n)) {
      std::fprintf(out_, "ERR usage: send <tenant> <token> <title>|<body>\n");
    } else {
      n.id = makeNotificationId();
      std::fprintf(out_, "%s %s\n", gateway_.submit(n) ? "QUEUED" : "REFUSED",
                   n.id.c_str());
    }
  } else if (verb == "reload") {
    try {
      std::fprintf(out_, "RELOADED %zu\n", gateway_.reloadCredentials());
    } catch (const std::exception &e) {
      std::fprintf(out_, "ERR reload: %s\n", e.what());
    }
  } else if (verb == "stats") {
    const GatewayStats s = gateway_.stats();
    std::fprintf(out_, "OPEN %zu PENDING %zu MALFORMED %zu\n", s.openConnections,
                 s.pendingTasks, s.malformedFiles);
  } else if (verb == "quit") {
    gateway_.stop();
    std::fprintf(out_, "BYE\n");
    std::fflush(out_);
    return false;
  } else {
    std::fprintf(out_, "ERR unknown command '%s'\n", verb.c_str());
  }
  std::fflush(out_);
  return true;
}

} // namespace pushgw
