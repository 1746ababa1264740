// Village smithy forge controller: the evening teardown. Quench-tank and
// blower readings are written by jobs on a Scheduler, the forge reports to
// the heritage trust's monitoring service over a net::Connection, and a
// kafka producer carries finished-work records. Teardown runs through
// helpers that take callables: inOrder() runs a list of steps, and
// afterDrain() runs a step once the scheduler has finished its queued jobs.
// Negative case: in every sequence each close or shutdown is the last step
// that touches its object, and the one step that may come after a close
// checks the connection first, so nothing is used after being closed.
#include "messaging.h"
#include "netconn.h"
#include "scheduler.h"

#include <cstdio>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

static void inOrder(std::initializer_list<std::function<void()>> steps) {
  for (const auto &step : steps)
    step();
}

static void afterDrain(Scheduler &sched, const std::function<void()> &step) {
  sched.wait();
  step();
}

struct ForgeReading {
  int fireTempC;
  int quenchTempC;
  int blowerRpm;
};

ForgeReading sampleForge();

class Forge {
public:
  Forge(const std::string &trust, const std::string &brokers)
      : sched_(2), trust_(trust), work_(brokers) {}

  void logReading() {
    sched_.submit([] {
      ForgeReading r = sampleForge();
      std::printf("fire=%d quench=%d blower=%d\n", r.fireTempC, r.quenchTempC,
                  r.blowerRpm);
    });
  }

  void finished(const std::string &piece) {
    work_.send({"smithy.finished", piece});
    trust_.send("finished " + piece);
  }

  void eveningTeardown(int piecesToday) {
    afterDrain(sched_, [this, piecesToday] {
      trust_.send("readings complete, " + std::to_string(piecesToday) + " pieces"); // OK
    });
    inOrder({
        [this] { work_.flush(); },
        [this] { work_.close(); }, // OK
        [this] { sched_.shutdown(); },
        [this] { trust_.send("forge banked"); }, // OK
        [this] { trust_.close(); }, // OK
        [this] {
          if (!trust_.isClosed())
            trust_.send("late note"); // OK
        },
    });
  }

  void emergencyQuench() {
    inOrder({
        [this] { sched_.shutdown(); },
        [this] { trust_.send("emergency quench"); }, // OK
        [this] { work_.close(); },
        [this] { trust_.close(); },
    });
  }

private:
  Scheduler sched_;
  net::Connection trust_;
  kafka::KafkaProducer work_;
};

void forgeDay(Forge &forge, const std::vector<std::string> &pieces) {
  for (const std::string &p : pieces) {
    forge.logReading();
    forge.finished(p);
  }
  forge.eveningTeardown(static_cast<int>(pieces.size()));
}
