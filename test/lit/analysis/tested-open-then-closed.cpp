// A bool helper that tests its stream open, reads it and closes it before
// returning true has not proved it open to its callers: what it tested
// before its own close says nothing at its return. A caller past `if
// (!loader.load()) return;` that reads the stream again reads a closed one.
// One that only tests and reads (no close) proves it open.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <string>

bool parse(std::istream &in, std::string &out) {
  return static_cast<bool>(std::getline(in, out));
}

class Loader {
public:
  bool load(std::string &out) {
    in_.open("ward.conf");
    if (!in_.is_open())
      return false;
    const bool ok = parse(in_, out);
    in_.close();
    if (!ok)
      return false;
    return true;
  }
  bool peek(std::string &out) {
    if (!in_.is_open())
      return false;
    return parse(in_, out);
  }
  bool reload(std::string &out) { return parse(in_, out); }

private:
  std::ifstream in_;
};

void startup(Loader &loader, std::string &cfg) {
  if (!loader.load(cfg))
    return;
  loader.reload(cfg);
  // CHECK: :[[@LINE-1]]:10: warning: call to 'reload' uses 'loader.in_' {{.*}}closed
}

void refresh(Loader &loader, std::string &cfg) {
  if (!loader.peek(cfg))
    return;
  loader.reload(cfg);
}
