// dishd entry point: loads the settings, connects the site time service,
// mirrors the shift log to the control-room console, builds the Dish, runs
// the observing loop until SIGINT/SIGTERM and shuts down in stages.
#include "dish.h"

#include "site_time.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace {
std::atomic<bool> g_quit{false};

void onSignal(int) { g_quit.store(true); }
} // namespace

int main(int argc, char **argv) {
  const std::string path = argc > 1 ? argv[1] : "/etc/dishd/dishd.conf";
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  try {
    DishSettings cfg = DishSettings::load(path);
    cfg.applyOverrides(path + ".local");
    cfg.applyOperatorPatch("/run/dishd/operator.patch");
    SiteTimeService::instance().connect(cfg.text("time", "host", "maser.obs.local"), cfg.port("time", "port", 4060));

    const std::string tty = cfg.text("console", "tty");
    const int consoleFd =
        tty.empty() ? -1 : ::open(tty.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    ShiftLog consoleMirror;
    if (consoleFd >= 0)
      consoleMirror.adopt(consoleFd, tty);

    {
      Dish dish(cfg);
      const std::string started = SiteTimeService::instance().stamp();
      dish.shiftLog().append("dishd observing since " + started);
      if (consoleMirror.isOpen())
        consoleMirror.append("dishd up at " + started);
      dish.observe(g_quit);
      dish.shutdown();
    }

    if (consoleMirror.isOpen())
      consoleMirror.append("dishd down");
    consoleMirror.close();
    if (consoleFd >= 0)
      ::close(consoleFd); // BUG: double-close
    std::fprintf(stderr, "dishd: stopped at %s\n", SiteTimeService::instance().stamp().c_str()); // BUG: use-after-close #maser-stamp
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dishd: fatal at %s: %s\n", SiteTimeService::instance().stampOr("(maser unavailable)").c_str(), e.what()); // OK
    return 1;
  }
}
