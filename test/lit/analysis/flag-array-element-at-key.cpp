// A class keeps its channels in an array and one flag per channel in a
// second array (`std::array<bool, 3>`, `bool[3]`): mute(d) closes the
// channel at d and sets the flag at d, play(d) returns while the flag at
// d is set. The flag element at the parameter's key is a flag as a field
// is, so playing a muted division is no use of its closed channel; playing
// another division through a channel whose flag play() does not test is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <array>
#include <stdexcept>
#include <string>

class ManualChannel {
public:
  void send(const std::string &note) {
    if (closed_)
      throw std::runtime_error("manual channel closed: " + note);
    sent_ += note.size();
  }
  void close() {
    if (closed_)
      throw std::runtime_error("manual channel closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
  std::size_t sent_ = 0;
};

class OrganConsole {
public:
  void mute(int d) {
    if (muted_[d])
      return;
    divisions_[d].close();
    muted_[d] = true;
  }
  void play(int d, const std::string &note) {
    if (muted_[d])
      return;
    divisions_[d].send(note);
  }
  void playUnchecked(int d, const std::string &note) {
    divisions_[d].send(note);
  }
  void hush(int d) {
    if (held_[d])
      return;
    divisions_[d].close();
    held_[d] = 1;
  }
  void sound(int d, const std::string &note) {
    if (held_[d] != 0)
      return;
    divisions_[d].send(note);
  }

private:
  std::array<ManualChannel, 3> divisions_;
  std::array<bool, 3> muted_{};
  int held_[3] = {};
};

void service(OrganConsole &console) {
  console.mute(1);
  console.play(1, "c4");
  console.mute(1);
  console.play(0, "e4");
  console.hush(2);
  console.sound(2, "g2");
  // CHECK: [[@LINE+1]]:11: warning: call to 'playUnchecked' uses 'console.divisions_[d]' that may have been closed [errlint-send-after-close]
  console.playUnchecked(1, "a4");
}
