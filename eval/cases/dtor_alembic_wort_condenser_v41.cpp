// Distillery still room: an alembic run's spirit-cut journal is an AlembicCutJournal that
// owns a FILE* and closes it in its destructor (an older class: it never deleted its copy
// constructor); the wort pump is a descriptor held by a shared_ptr whose deleter closes it;
// the condenser water valve is a sysfs GPIO file owned by a unique_ptr with a closing deleter.
// note_fraction() takes the journal by value, so the copy's destructor closes the FILE* the
// caller still holds: the caller's next entry is written to a closed stream and its own
// destructor closes the stream a second time. The pump and valve owners are correct: the
// pump is closed once, by the last shared owner, and the valve moved into the rack stays open.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class AlembicCutJournal {
public:
  explicit AlembicCutJournal(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}
  ~AlembicCutJournal() {
    if (fp_)
      std::fclose(fp_); // BUG: double-close
  }
  bool ok() const { return fp_ != nullptr; }
  void entry(const char *fraction, double abv) {
    if (fp_)
      std::fprintf(fp_, "%-6s %5.1f%% abv\n", fraction, abv); // SAME: hearts
  }

private:
  FILE *fp_;
};

static void note_fraction(AlembicCutJournal journal, const char *fraction, double abv) {
  journal.entry(fraction, abv);
}

struct WortPumpPort {
  int fd;
};

static std::shared_ptr<WortPumpPort> open_wort_pump(const char *dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return nullptr;
  return std::shared_ptr<WortPumpPort>(new WortPumpPort{fd}, [](WortPumpPort *p) {
    ::close(p->fd); // OK: the deleter runs once, when the last owner lets go
    delete p;
  });
}

struct CondenserValveCloser {
  void operator()(FILE *gpio) const {
    std::fputs("0\n", gpio);
    std::fclose(gpio);
  }
};
using CondenserValve = std::unique_ptr<FILE, CondenserValveCloser>;

class CondenserRack {
public:
  void adopt(CondenserValve v) { valves_.push_back(std::move(v)); }
  void open_all() {
    for (auto &v : valves_) {
      std::fputs("1\n", v.get()); // OK: the rack owns these valves
      std::fflush(v.get());
    }
  }

private:
  std::vector<CondenserValve> valves_;
};

static double read_hydrometer() { return 71.5; }

void spirit_run(const std::string &batch, const char *pumpDev, CondenserRack &rack) {
  AlembicCutJournal journal("/srv/stillroom/" + batch + ".cuts");
  if (!journal.ok())
    return;

  auto pump = open_wort_pump(pumpDev);
  if (!pump)
    return;
  std::shared_ptr<WortPumpPort> charge = pump;
  pump.reset();
  ::write(charge->fd, "FILL 900\n", 9); // OK: charge still owns the port

  CondenserValve valve(std::fopen("/sys/class/gpio/gpio17/value", "w"));
  if (valve) {
    std::fputs("1\n", valve.get());
    rack.adopt(std::move(valve));
  }
  rack.open_all();

  journal.entry("foreshots", 84.0); // OK: the journal is still open
  note_fraction(journal, "heads", 80.5);
  journal.entry("hearts", read_hydrometer()); // BUG: use-after-close #hearts
}
