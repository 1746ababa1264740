// A connect() that sets the open state and sets it back when the
// handshake fails (`connected_ = true; if (!hello) { connected_ = false;
// return false; }`) undoes its own open: it reopens, it does not close. A
// submit() after a successful connect() is fine; one after disconnect()
// is not. A method that only clears the state still closes.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class PermitLine {
public:
  bool connect() {
    if (connected_)
      return true;
    connected_ = true;
    if (!hello()) {
      connected_ = false;
      return false;
    }
    return true;
  }
  std::string submit(const std::string &form) {
    if (!connected_)
      throw std::runtime_error("permit line disconnected");
    return "ticket:" + form;
  }
  void disconnect() { connected_ = false; }

private:
  bool hello() { return greeting_.size() > 2; }
  bool connected_ = false;
  std::string greeting_ = "HELLO";
};

std::string file(PermitLine &line, const std::string &form) {
  if (!line.connect())
    return {};
  return line.submit(form);
}

std::string refile(PermitLine &line, const std::string &form) {
  line.disconnect();
  // CHECK: :[[@LINE+1]]:15: warning: call to 'submit' on 'line' after it was closed
  return line.submit(form);
}
