// Pheromone-lure field station for a hawkmoth survey. LureJournal::instance()
// is the process-wide journal (a FILE* behind a Meyers singleton) that the
// lure-rotation code notes into; calibration tables are read through a
// unique_ptr with fclose as deleter; the season summary is piped through gzip.
// Mistake: HawkLureJournal::close() closes the stream but leaves fp_ set, so
// the `if (fp_)` checks in note() and in close() itself still pass: the audit
// note written after end_of_season() goes to a closed stream, and the static
// journal's destructor closes it again at exit.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

class HawkLureJournal {
public:
  static HawkLureJournal &instance() {
    static HawkLureJournal journal;
    return journal;
  }
  bool open(const char *path) {
    fp_ = std::fopen(path, "a");
    return fp_ != nullptr;
  }
  void note(const char *trap, const char *what) {
    if (fp_)
      std::fprintf(fp_, "%s: %s\n", trap, what); // SAME: audit
  }
  void close() {
    if (fp_)
      std::fclose(fp_); // SAME: atexit
  }
  ~HawkLureJournal() { close(); } // BUG: double-close #atexit

private:
  HawkLureJournal() = default;
  FILE *fp_ = nullptr;
};

struct LureReading {
  std::string trap;
  std::string lure; // e.g. "Sphinx ligustri blend"
  int catches;
};

using HawkCalibFile = std::unique_ptr<FILE, int (*)(FILE *)>;

static double read_scale(FILE *f) {
  char buf[32];
  if (!std::fgets(buf, sizeof buf, f))
    return 1.0;
  return std::atof(buf);
}

double load_release_rates(const char *factory_table, const char *field_table) {
  HawkCalibFile cal(std::fopen(factory_table, "r"), &std::fclose);
  if (!cal)
    return 1.0;
  double factory = read_scale(cal.get());
  cal.reset(std::fopen(field_table, "r"));
  if (!cal)
    return factory;
  double field = read_scale(cal.get()); // OK: reset() closed the factory table and holds the field one
  return factory * field;
}

int export_summary(const std::vector<LureReading> &readings, const char *gz_path) {
  std::string cmd = std::string("gzip -c > ") + gz_path;
  FILE *pipe = popen(cmd.c_str(), "w");
  if (!pipe)
    return -1;
  for (const LureReading &r : readings) {
    if (std::fprintf(pipe, "%s\t%s\t%d\n", r.trap.c_str(), r.lure.c_str(), r.catches) < 0) {
      pclose(pipe);
      return -2;
    }
  }
  return pclose(pipe); // OK: the failing path returned after its own pclose
}

void rotate_lures(std::vector<LureReading> &readings) {
  for (LureReading &r : readings) {
    if (r.catches == 0) {
      r.lure = "fresh " + r.lure;
      HawkLureJournal::instance().note(r.trap.c_str(), "lure replaced"); // OK: journal still open here
    }
  }
}

void end_of_season(const std::vector<LureReading> &readings) {
  export_summary(readings, "season.tsv.gz");
  HawkLureJournal::instance().note("all", "season closed");
  HawkLureJournal::instance().close();
}

int main(int argc, char **argv) {
  if (!HawkLureJournal::instance().open(argc > 1 ? argv[1] : "lures.log"))
    return 1;
  std::vector<LureReading> readings = {{"T1", "ligustri", 3}, {"T2", "convolvuli", 0}};
  double rate = load_release_rates("factory.cal", "field.cal");
  rotate_lures(readings);
  end_of_season(readings);
  if (rate < 0.5)
    HawkLureJournal::instance().note("all", "release rate below spec"); // BUG: use-after-close #audit
  return 0;
}
