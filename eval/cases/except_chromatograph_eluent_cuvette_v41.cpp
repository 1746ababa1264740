// HPLC bench in a QC lab: the eluent gradient pump is an EluentPump whose close() refuses,
// by throwing before it changes anything, to close while the pump is still pressurised;
// the UV detector's cuvette readings go to a FILE* run file; the column oven's close() is
// noexcept. Every run ends with the close as the last statement of a try. Negative case:
// when the pump's close() throws the pump is still open (it throws before closing), so the
// handler may vent it and close it; fclose() and the oven's close() never throw, so their
// handlers are reached only from earlier statements, with the handle still open; the
// handler that cannot know rethrows without touching the handle.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class EluentPump {
public:
  void gradient(int percentB, int minutes) {
    if (closed_)
      throw std::runtime_error("eluent pump closed");
    if (percentB < 0 || percentB > 100)
      throw std::invalid_argument("gradient out of range");
    pressureBar_ = 180 + percentB;
    minutes_ += minutes;
  }
  void vent() {
    if (closed_)
      throw std::runtime_error("eluent pump closed");
    pressureBar_ = 0;
  }
  void close() {
    if (pressureBar_ > 5)
      throw std::runtime_error("eluent pump still pressurised");
    closed_ = true;
  }

private:
  int pressureBar_ = 0;
  int minutes_ = 0;
  bool closed_ = false;
};

class ColumnOven {
public:
  void hold(double celsius) {
    if (closed_)
      throw std::runtime_error("column oven closed");
    if (celsius > 90.0)
      throw std::out_of_range("column oven limit is 90 C");
    setpoint_ = celsius;
  }
  void close() noexcept { closed_ = true; }

private:
  double setpoint_ = 30.0;
  bool closed_ = false;
};

void finish_gradient(EluentPump &pump, int percentB) {
  try {
    pump.gradient(percentB, 2);
    pump.close();
  } catch (const std::runtime_error &) {
    pump.vent(); // OK: close() throws only while the pump is still open
    pump.close();
  }
}

bool write_cuvette_run(const std::string &path, const std::vector<double> &absorbance) {
  FILE *run = std::fopen(path.c_str(), "w");
  if (!run)
    return false;
  try {
    for (double a : absorbance) {
      if (a < 0.0)
        throw std::domain_error("negative absorbance");
      std::fprintf(run, "%.4f\n", a);
    }
    std::fclose(run);
  } catch (const std::domain_error &) {
    std::fputs("# run aborted: detector fault\n", run); // OK: fclose() does not throw, so the run is open here
    std::fclose(run);
    return false;
  }
  return true;
}

void cool_down(ColumnOven &oven, double finalC) {
  try {
    oven.hold(finalC);
    oven.close();
  } catch (const std::out_of_range &) {
    oven.hold(40.0); // OK: close() is noexcept, the throw came from hold()
    oven.close();
  }
}

void end_sequence(EluentPump &pump, ColumnOven &oven) {
  try {
    pump.vent();
    pump.close();
  } catch (...) {
    std::fputs("sequence end failed, pump left for the technician\n", stderr);
    throw;
  }
  oven.close();
  oven.close(); // OK: ColumnOven::close() only sets a flag, closing twice is harmless
}

void overnight_batch(EluentPump &pump, ColumnOven &oven, const std::vector<double> &trace) {
  finish_gradient(pump, 60);
  write_cuvette_run("/data/hplc/batch-0412.csv", trace);
  cool_down(oven, 35.0);
}
