// Closing-time sequence for a banya (Russian bathhouse): the attendants'
// console talks to the stove damper controller and to the locker-room
// display, and writes the visit log. The sequence is correct: each resource is
// used only by steps that come before the step closing it; the "last call"
// step after the display is closed checks is_open() first; the damper link is
// reopened by its own step before the overnight check uses it; and the two
// links are distinct objects, so closing one does not affect the other.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ConsoleLink {
 public:
  explicit ConsoleLink(std::string peer) : peer_(std::move(peer)) {}
  void send(const std::string& m) {
    if (!open_) throw std::runtime_error(peer_ + ": link closed");
    std::printf("%s <- %s\n", peer_.c_str(), m.c_str());
  }
  void close() { open_ = false; }
  void reopen() { open_ = true; }
  bool is_open() const { return open_; }

 private:
  std::string peer_;
  bool open_ = true;
};

class VisitLog {
 public:
  explicit VisitLog(const char* path) : f_(std::fopen(path, "a")) {}
  ~VisitLog() { finish(); }
  void line(const std::string& s) {
    if (!f_) return;
    std::fprintf(f_, "%s\n", s.c_str());  // OK: null after finish() and checked
  }
  void finish() {
    if (f_) std::fclose(f_);
    f_ = nullptr;
  }

 private:
  FILE* f_;
};

struct ClosingStep {
  virtual ~ClosingStep() = default;
  virtual void run() = 0;
};

struct BankStove : ClosingStep {
  std::shared_ptr<ConsoleLink> damper;
  explicit BankStove(std::shared_ptr<ConsoleLink> d) : damper(std::move(d)) {}
  void run() override {
    damper->send("DAMPER 20");  // OK: the damper link is closed only by a later step
    damper->send("FAN OFF");
  }
};

struct HangVeniks : ClosingStep {
  std::shared_ptr<VisitLog> log;
  explicit HangVeniks(std::shared_ptr<VisitLog> l) : log(std::move(l)) {}
  void run() override { log->line("birch and oak veniks hung to dry"); }
};

struct CloseLink : ClosingStep {
  std::shared_ptr<ConsoleLink> link;
  explicit CloseLink(std::shared_ptr<ConsoleLink> l) : link(std::move(l)) {}
  void run() override { link->close(); }
};

void closing_time(std::shared_ptr<ConsoleLink> damper, std::shared_ptr<ConsoleLink> display,
                  std::shared_ptr<VisitLog> log) {
  std::vector<std::unique_ptr<ClosingStep>> steps;
  steps.push_back(std::make_unique<BankStove>(damper));
  steps.push_back(std::make_unique<HangVeniks>(log));
  steps.push_back(std::make_unique<CloseLink>(damper));
  for (auto& s : steps) s->run();
  display->send("CLOSED - SEE YOU TOMORROW");  // OK: only the damper link was closed

  std::vector<std::pair<std::string, std::function<void()>>> tail = {
      {"farewell", [display] { display->send("LAST CALL"); }},  // OK: runs before close-display
      {"close-display", [display] { display->close(); }},
      {"late-notice", [display] {
         if (display->is_open()) display->send("LATE NOTICE");  // OK: guarded by is_open()
       }},
      {"reopen-damper", [damper] { damper->reopen(); }},
      {"overnight", [damper] { damper->send("DAMPER 5 OVERNIGHT"); }},  // OK: reopened by the previous step
      {"log", [log] { log->line("closing sequence complete"); }},
      {"finish-log", [log] { log->finish(); }},
      {"after-log", [log] { log->line("should be dropped"); }},  // OK: line() checks for a finished log
  };
  for (auto& [name, fn] : tail) {
    std::printf("step %s\n", name.c_str());
    fn();
  }
}
