// Olive press mill end-of-day shutdown. The mill controller runs a sequence
// of checked steps (a step that fails stops the sequence) and registers
// cleanup hooks that run in reverse order of registration, like atexit().
// Negative case: the decanter link is only closed by a step that then fails
// the sequence, so the reporting step after it never runs on that path; the
// tank link's close hook was registered first and so runs last; the malaxer
// link's close() ignores repeated calls.
#include "netconn.h"

#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace olivemill {

class MalaxerLink {
public:
  void setSpeed(int rpm) {
    if (closed_)
      throw std::runtime_error("malaxer link closed");
    rpm_ = rpm;
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
    std::printf("malaxer stopped at %d rpm\n", rpm_);
  }

private:
  int rpm_ = 0;
  bool closed_ = false;
};

using CheckedStep = std::pair<std::string, std::function<bool()>>;

bool runSequence(const std::vector<CheckedStep> &steps) {
  for (const CheckedStep &step : steps) {
    if (!step.second()) {
      std::fprintf(stderr, "shutdown step '%s' failed, stopping\n", step.first.c_str());
      return false;
    }
  }
  return true;
}

class ShutdownHooks {
public:
  void add(std::function<void()> hook) { hooks_.push_back(std::move(hook)); }
  void runAll() {
    for (auto it = hooks_.rbegin(); it != hooks_.rend(); ++it)
      (*it)();
    hooks_.clear();
  }

private:
  std::vector<std::function<void()>> hooks_;
};

struct Mill {
  net::Connection decanter{"decanter:502"};
  net::Connection tank{"oil-tank:502"};
  MalaxerLink malaxer;
  double litres = 0;
  bool decanterFault = false;
};

bool stopPressing(Mill &mill) {
  return runSequence({
      {"slow malaxer", [&mill] {
         mill.malaxer.setSpeed(5);
         return true;
       }},
      {"check decanter", [&mill] {
         if (mill.decanterFault) {
           mill.decanter.close();
           return false;
         }
         return true;
       }},
      {"report decanter", [&mill] {
         mill.decanter.send("litres " + std::to_string(mill.litres)); // OK
         mill.decanter.flush(); // OK
         return true;
       }},
      {"stop malaxer", [&mill] {
         mill.malaxer.close();
         return true;
       }},
  });
}

void endOfDay(Mill &mill) {
  ShutdownHooks hooks;
  hooks.add([&mill] { mill.tank.close(); });
  hooks.add([&mill] { mill.malaxer.close(); }); // OK
  hooks.add([&mill] {
    mill.tank.send("final level " + std::to_string(mill.litres)); // OK
  });
  if (!stopPressing(mill))
    std::fputs("pressing stopped with a decanter fault\n", stderr);
  hooks.runAll();
  mill.malaxer.close(); // OK
}

} // namespace olivemill
