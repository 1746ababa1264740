// Saltern pond control: a policy-based Handle<Traits> owns either a POSIX fd
// (the bittern drain valve controller) or a FILE* (gypsum sample sheets),
// with Traits::valid/close/invalid as static functions. Drain jobs are planned
// ahead and run after the valve port is re-homed; sample sheets rotate per
// concentrating pond.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>

template <class Traits> class Handle {
public:
  using native_type = typename Traits::native_type;

  Handle() noexcept : h_(Traits::invalid()) {}
  explicit Handle(native_type h) noexcept : h_(h) {}
  Handle(Handle &&o) noexcept : h_(std::exchange(o.h_, Traits::invalid())) {}
  Handle &operator=(Handle &&o) noexcept {
    if (this != &o) {
      reset();
      h_ = std::exchange(o.h_, Traits::invalid());
    }
    return *this;
  }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() { reset(); }

  native_type get() const noexcept { return h_; }
  explicit operator bool() const noexcept { return Traits::valid(h_); }
  native_type release() noexcept { return std::exchange(h_, Traits::invalid()); }
  void reset() noexcept {
    if (Traits::valid(h_))
      Traits::close(std::exchange(h_, Traits::invalid()));
  }

private:
  native_type h_;
};

struct FdTraits {
  using native_type = int;
  static int invalid() noexcept { return -1; }
  static bool valid(int fd) noexcept { return fd >= 0; }
  static void close(int fd) noexcept { ::close(fd); }
};

struct StdioTraits {
  using native_type = FILE *;
  static FILE *invalid() noexcept { return nullptr; }
  static bool valid(FILE *f) noexcept { return f != nullptr; }
  static void close(FILE *f) noexcept { std::fclose(f); } // SAME: samplerotate
};

using ValvePort = Handle<FdTraits>;
using SampleSheet = Handle<StdioTraits>;

struct DrainJob {
  int valveFd;
  int pond;
  double targetBaume;
};

DrainJob planBitternDrain(const ValvePort &valve, int pond, double be) {
  return DrainJob{valve.get(), pond, be};
}

bool runDrain(const DrainJob &job) {
  char cmd[64];
  int n = std::snprintf(cmd, sizeof cmd, "OPEN %d UNTIL %.1f\n", job.pond, job.targetBaume);
  return ::write(job.valveFd, cmd, n) == n; // SAME: draincmd
}

void nightDrain(const char *valveDev, int pond) {
  ValvePort valve(::open(valveDev, O_WRONLY | O_CLOEXEC));
  if (!valve)
    return;
  DrainJob job = planBitternDrain(valve, pond, 29.5);
  valve = ValvePort(::open(valveDev, O_WRONLY | O_CLOEXEC));
  ::write(valve.get(), "HOME\n", 5); // OK
  runDrain(job); // BUG: use-after-close #draincmd
}

void handValveToSpare(ValvePort &valve) {
  ValvePort spare = std::move(valve);
  ::write(spare.get(), "SPARE\n", 6);
}

void rotateGypsumSheet(SampleSheet &sheet, const std::string &nextPond) {
  std::fprintf(sheet.get(), "-- end of pond\n");
  std::fclose(sheet.get());
  sheet = SampleSheet(std::fopen(nextPond.c_str(), "w")); // BUG: double-close #samplerotate
}

void startPondSheet(SampleSheet &sheet, const std::string &pond) {
  sheet = SampleSheet(std::fopen(pond.c_str(), "w"));
  if (sheet)
    std::fprintf(sheet.get(), "pond,depth_mm,gypsum_g_l\n"); // OK
}

int archiveSheet(SampleSheet &sheet) {
  FILE *raw = sheet.release();
  return raw ? std::fclose(raw) : 0; // OK
}

int main() {
  SampleSheet sheet;
  startPondSheet(sheet, "/var/saltern/pond3.csv");
  rotateGypsumSheet(sheet, "/var/saltern/pond4.csv");
  archiveSheet(sheet);
  nightDrain("/dev/ttyUSB0", 7);
  ValvePort valve(::open("/dev/ttyUSB1", O_WRONLY));
  handValveToSpare(valve);
  return 0;
}
