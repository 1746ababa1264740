// Console bus and practice recorder for a three-division pipe organ. ConsoleBus keeps
// the division channels in a std::array and a coupler matrix; silence() closes a
// division's channel once. press() skips a silenced source division but forwards the note
// through its couplers to every coupled division, silenced or not, and panic() sends
// all-notes-off to every division, silenced ones included. TakeRecorder keeps the last
// few practice takes open in a std::deque<FILE*>: newTake() closes and pops the oldest
// from the front and note() writes to the back; finishSession() closes every take and
// then writes the session trailer to the back take.
#include "messaging.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <string>

class ConsoleBus {
public:
  enum Division { Great = 0, Swell = 1, Pedal = 2 };

  void couple(Division from, Division to) { couplers_[from][to] = true; }

  void silence(Division d) {
    if (silenced_[d])
      return;
    divisions_[d].send("all notes off");
    divisions_[d].close(); // OK
    silenced_[d] = true;
  }

  void press(Division d, int note) {
    if (silenced_[d])
      return;
    const std::string on = "on " + std::to_string(note);
    divisions_[d].send(on);
    for (int t = 0; t < 3; ++t)
      if (t != d && couplers_[d][t])
        divisions_[t].send(on); // SAME: great-to-pedal
  }

  void panic() {
    for (EventChannel &ch : divisions_)
      ch.send("all notes off"); // SAME: panic-all
  }

private:
  std::array<EventChannel, 3> divisions_;
  std::array<bool, 3> silenced_{};
  bool couplers_[3][3] = {};
};

class TakeRecorder {
public:
  explicit TakeRecorder(std::size_t keep) : keep_(std::max<std::size_t>(1, keep)) {}
  ~TakeRecorder() {
    for (FILE *f : takes_)
      std::fclose(f); // OK
  }
  TakeRecorder(const TakeRecorder &) = delete;
  TakeRecorder &operator=(const TakeRecorder &) = delete;

  bool newTake(const std::string &path) {
    FILE *f = std::fopen(path.c_str(), "w");
    if (!f)
      return false;
    takes_.push_back(f);
    while (takes_.size() > keep_) {
      std::fclose(takes_.front());
      takes_.pop_front();
    }
    return true;
  }

  void note(int division, int key, bool on) {
    if (!takes_.empty())
      std::fprintf(takes_.back(), "%d %d %c\n", division, key, on ? '+' : '-'); // OK
  }

  void finishSession(const std::string &title) {
    for (FILE *f : takes_)
      std::fclose(f);
    if (!takes_.empty())
      std::fprintf(takes_.back(), "# end of session %s\n", title.c_str()); // BUG: use-after-close
    takes_.clear();
  }

private:
  std::deque<FILE *> takes_;
  std::size_t keep_;
};

void evensong(ConsoleBus &bus, TakeRecorder &rec) {
  bus.couple(ConsoleBus::Great, ConsoleBus::Pedal);
  bus.couple(ConsoleBus::Swell, ConsoleBus::Great);
  rec.newTake("take-1.txt");
  bus.press(ConsoleBus::Great, 48);
  rec.note(ConsoleBus::Great, 48, true);
  rec.newTake("take-2.txt");
  rec.note(ConsoleBus::Swell, 60, true);
  bus.silence(ConsoleBus::Swell);
  bus.press(ConsoleBus::Swell, 62); // OK
  bus.silence(ConsoleBus::Pedal);
  bus.press(ConsoleBus::Great, 36); // BUG: use-after-close #great-to-pedal
  bus.panic(); // BUG: use-after-close #panic-all
  rec.finishSession("evensong");
}
