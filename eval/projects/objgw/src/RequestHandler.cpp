// RequestHandler: parses request lines and calls the gateway.
#include "objgw/RequestHandler.h"

#include "objgw/Gateway.h"

#include <exception>
#include <sstream>

namespace objgw {

RequestHandler::RequestHandler(Gateway &gw, std::ostream &out) : gw_(gw), out_(out) {}

bool RequestHandler::handle(const std::string &line) {
  std::istringstream in(line);
  std::string cmd;
  if (!(in >> cmd))
    return true;
  if (cmd == "QUIT") {
    out_ << "+BYE" << std::endl;
    return false;
  }
  std::string rest;
  std::getline(in >> std::ws, rest);
  ++handled_;
  try {
    dispatch(cmd, rest);
  } catch (const std::exception &e) {
    out_ << "-ERR " << e.what() << std::endl;
  }
  return true;
}

void RequestHandler::dispatch(const std::string &cmd, const std::string &rest) {
  std::istringstream args(rest);
  std::string a;
  std::string b;
  if (cmd == "PUT") {
    args >> a;
    std::getline(args >> std::ws, b);
    gw_.putObject(a, b);
    out_ << "+STORED" << std::endl;
  } else if (cmd == "GET") {
    args >> a;
    const std::optional<std::string> value = gw_.getObject(a);
    if (value)
      out_ << "+VALUE " << *value << std::endl;
    else
      out_ << "-ERR not found" << std::endl;
  } else if (cmd == "DEL") {
    args >> a;
    out_ << (gw_.deleteObject(a) ? "+DELETED" : "-ERR not found") << std::endl;
  } else if (cmd == "MPU") {
    args >> a;
    out_ << "+UPLOAD " << gw_.initUpload(a) << std::endl;
  } else if (cmd == "PART") {
    int n = 0;
    args >> a >> n;
    std::getline(args >> std::ws, b);
    gw_.uploadPart(a, n, b);
    out_ << "+PART " << n << std::endl;
  } else if (cmd == "SEAL") {
    int n = 0;
    args >> a >> n;
    gw_.sealPart(a, n);
    out_ << "+SEALED " << n << std::endl;
  } else if (cmd == "COMPLETE") {
    args >> a;
    out_ << "+ETAG " << gw_.completeUpload(a) << std::endl;
  } else if (cmd == "ABORT") {
    args >> a;
    gw_.abortUpload(a);
    out_ << "+ABORTED" << std::endl;
  } else if (cmd == "RECYCLE") {
    args >> a;
    gw_.recycleBackend(a);
    out_ << "+RECYCLED" << std::endl;
  } else if (cmd == "REOPEN") {
    args >> a;
    gw_.reopenBackend(a);
    out_ << "+REOPENED" << std::endl;
  } else if (cmd == "REPL-STOP") {
    gw_.pauseReplication();
    out_ << "+PAUSED" << std::endl;
  } else if (cmd == "ROTATE") {
    gw_.rotateLogs();
    out_ << "+ROTATED" << std::endl;
  } else {
    out_ << "-ERR unknown command " << cmd << std::endl;
  }
}

} // namespace objgw
