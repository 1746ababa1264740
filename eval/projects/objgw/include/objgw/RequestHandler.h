// Line-oriented request protocol read by main(), one command per line:
//   PUT <key> <data> | GET <key> | DEL <key>
//   MPU <key> | PART <upload> <n> <data> | SEAL <upload> <n>
//   COMPLETE <upload> | ABORT <upload>
//   RECYCLE <backend> | REOPEN <backend> | REPL-STOP | ROTATE | QUIT
// Every command is answered with one line on the output stream: "+..." on
// success, "-ERR <reason>" on failure.
#pragma once
#include <cstddef>
#include <ostream>
#include <string>

namespace objgw {

class Gateway;

class RequestHandler {
public:
  RequestHandler(Gateway &gw, std::ostream &out);
  // Returns false once QUIT was read.
  bool handle(const std::string &line);
  std::size_t handled() const { return handled_; }

private:
  void dispatch(const std::string &cmd, const std::string &rest);

  Gateway &gw_;
  std::ostream &out_;
  std::size_t handled_ = 0;
};

} // namespace objgw
