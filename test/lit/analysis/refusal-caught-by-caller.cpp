// A method that refuses to work on a closed member by throwing (its own
// `if (!sensor_) throw ...`) is a use of the member for its callers. A caller
// that makes the call in a try whose handler catches what the refusal throws
// handles the refusal: no finding there. One that lets it escape still uses
// what an earlier call closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

class GripLine {
public:
  explicit operator bool() const { return open_; }
  void send(const std::string &cmd) {
    if (!open_)
      throw std::runtime_error("grip line closed: " + cmd);
    sent_ += cmd.size();
  }
  void close() { open_ = false; }

private:
  bool open_ = true;
  std::size_t sent_ = 0;
};

class PinGripper {
public:
  void mount(const std::string &pin) {
    if (!line_)
      throw std::runtime_error("grip line dropped, refusing " + pin);
    line_.send("MOUNT " + pin);
  }
  void drop() { line_.close(); }

  void serve(int rounds) {
    for (int i = 0; i < rounds; ++i) {
      try {
        mount("pin-" + std::to_string(i));
      } catch (const std::exception &e) {
        std::fprintf(stderr, "mount failed: %s\n", e.what());
      }
      if (i == 3)
        drop();
    }
  }

  void serveUnchecked(int rounds) {
    for (int i = 0; i < rounds; ++i) {
      // CHECK: [[@LINE+1]]:7: warning: call to 'mount' uses 'line_' that may have been closed [errlint-use-after-close]
      mount("pin-" + std::to_string(i));
      if (i == 3)
        drop();
    }
  }

private:
  GripLine line_;
};
