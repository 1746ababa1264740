// A class whose name a catalogue pattern matches (`*Channel`) but whose
// code closes it with a method that pattern's profile does not list
// (`disconnect()`): the profile never sees the object closed, so the uses
// it lists (`send()`) that the class's code makes fail once disconnected
// belong to the class's own protocol too. One that closes with the
// profile's own `close()` leaves those uses to the profile.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <stdexcept>
#include <string>

class PreampChannel {
public:
  void send(const std::string &cmd) {
    if (!connected_)
      throw std::runtime_error("preamp disconnected");
    last_ = cmd;
  }
  void set_gain(double db) {
    if (!connected_)
      throw std::runtime_error("preamp disconnected");
    gain_ = db;
  }
  void disconnect() { connected_ = false; }

private:
  bool connected_ = true;
  double gain_ = 0;
  std::string last_;
};

// LIST: PreampChannel: closed when 'connected_' is not set
// LIST: use     send()

void take(PreampChannel &ch) {
  ch.send("REC STOP");
  ch.disconnect();
  ch.send("TALKBACK");
  // CHECK: :[[@LINE-1]]:6: warning: call to 'send' on 'ch' after it was closed
}
