// Stained-glass glazier's kiln: drives the kiln controller through a firing
// schedule (ramp, soak, anneal segments), reads the thermocouple after every
// segment, kills the elements and releases the controller when the kiln runs
// away, and records each firing in the shop's firing book.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// Serial-line primitives of the controller board, in the board support code.
void writeControllerLine(const std::string &port, const std::string &line);
double readThermocouple(const std::string &port);

class KilnController {
public:
  explicit KilnController(std::string port) : port_(std::move(port)) {}

  void open();
  void command(const std::string &cmd);
  double readTemperature();
  void close();
  bool isOpen() const { return state_ == State::Open; }

private:
  enum class State { Idle, Open, Closed };
  void requireOpen(const char *what) const;

  std::string port_;
  State state_ = State::Idle;
};

void KilnController::requireOpen(const char *what) const {
  if (state_ != State::Open)
    throw std::logic_error(std::string("kiln controller ") + port_ + ": " + what +
                           " while not open");
}

void KilnController::open() {
  if (state_ == State::Open)
    return;
  state_ = State::Open;
}

void KilnController::command(const std::string &cmd) {
  requireOpen("command");
  writeControllerLine(port_, cmd);
}

double KilnController::readTemperature() {
  requireOpen("read");
  return readThermocouple(port_);
}

void KilnController::close() {
  if (state_ == State::Closed)
    throw std::logic_error("kiln controller " + port_ + " closed twice");
  state_ = State::Closed;
}

struct Segment {
  int ratePerHour;
  int targetC;
  int holdMinutes;
};

static constexpr double kRunawayMarginC = 40.0;

// Returns false if the schedule did not finish. When the kiln overshoots, the
// elements are cut and the controller is released before returning.
bool run_schedule(KilnController &kiln, const std::vector<Segment> &schedule) {
  for (const Segment &seg : schedule) {
    if (seg.ratePerHour <= 0 || seg.targetC > 900)
      return false;
    kiln.command("RAMP " + std::to_string(seg.ratePerHour) + " " +
                 std::to_string(seg.targetC));
    kiln.command("HOLD " + std::to_string(seg.holdMinutes));
    double t = kiln.readTemperature();
    if (t > seg.targetC + kRunawayMarginC) {
      kiln.command("KILL");
      kiln.close();
      return false;
    }
  }
  return true;
}

bool fire_batch(KilnController &kiln, const std::string &batch,
                const std::vector<Segment> &schedule, FILE *firingBook) {
  kiln.open();
  bool ok = run_schedule(kiln, schedule);
  if (!ok) {
    std::fprintf(firingBook, "%s: firing aborted\n", batch.c_str());
    kiln.close(); // BUG: double-close
    return false;
  }
  double finalTemp = kiln.readTemperature(); // OK
  kiln.command("COOL NATURAL"); // OK
  kiln.close(); // OK
  std::fprintf(firingBook, "%s: fired, final %.0f C\n", batch.c_str(), finalTemp);
  return true;
}

int fire_day(std::vector<KilnController> &kilns, const std::vector<Segment> &schedule,
             FILE *firingBook) {
  int fired = 0;
  for (size_t i = 0; i < kilns.size(); ++i) {
    std::string batch = "kiln" + std::to_string(i);
    if (fire_batch(kilns[i], batch, schedule, firingBook))
      ++fired;
  }
  return fired;
}
