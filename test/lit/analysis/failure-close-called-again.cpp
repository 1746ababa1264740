// A helper that uses the object and closes it only on its failure path
// (`return false` after a NAK) leaves it closed for a caller that goes on
// without a check, or notes the failure and goes on: calling the helper
// again uses the closed object. A caller that stops on failure does not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <vector>

class TtyPort {
public:
  void write(const std::string &Data) {
    if (fd_ < 0)
      throw std::logic_error("tty closed");
  }
  std::string readLine() {
    if (fd_ < 0)
      throw std::logic_error("tty closed");
    return "ACK";
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("tty closed twice");
    fd_ = -1;
  }

private:
  int fd_ = 3;
};

class TagPrinter {
public:
  bool sendTag(const std::string &Tag) {
    port_.write(Tag);
    if (port_.readLine() == "NAK") {
      port_.close();
      return false;
    }
    return true;
  }
  size_t printAll(const std::vector<std::string> &Tags) {
    size_t Printed = 0;
    for (const std::string &T : Tags) {
      if (sendTag(T))
      // CHECK: [[@LINE-1]]:11: warning: call to 'sendTag' uses 'port_' that may have been closed [errlint-use-after-close]
        ++Printed;
      else
        failed_.push_back(T);
    }
    return Printed;
  }
  size_t printUntilFailure(const std::vector<std::string> &Tags) {
    size_t Printed = 0;
    for (const std::string &T : Tags) {
      if (!sendTag(T))
        break;
      ++Printed;
    }
    return Printed;
  }
  void twice(const std::string &T) {
    sendTag(T);
    sendTag(T);
    // CHECK: [[@LINE-1]]:5: warning: call to 'sendTag' uses 'port_' that may have been closed [errlint-use-after-close]
  }

private:
  TtyPort port_;
  std::vector<std::string> failed_;
};
