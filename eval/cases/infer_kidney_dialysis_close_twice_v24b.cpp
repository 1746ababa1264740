// Dialysis chair controller: a treatment writes its run sheet to a
// TreatmentRecord (closing it signs the sheet and files it, and filing twice
// is refused with an exception) while the blood pump is driven through a
// PumpLink whose close() is idempotent. On an alarm, finishTreatment() files
// the record early and then files it again at the common end; stopping the
// pump twice, there and in abortTreatment(), is harmless.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TreatmentRecord {
public:
  explicit TreatmentRecord(std::string patient) : patient_(std::move(patient)) {}

  void note(const std::string &line) {
    if (filed_)
      throw std::logic_error("run sheet already filed for " + patient_);
    lines_.push_back(line);
  }

  void close() {
    if (filed_)
      throw std::logic_error("run sheet filed twice for " + patient_);
    filed_ = true;
    std::printf("filed run sheet for %s (%zu lines)\n", patient_.c_str(),
                lines_.size());
  }

  bool isClosed() const { return filed_; }

private:
  std::string patient_;
  std::vector<std::string> lines_;
  bool filed_ = false;
};

class PumpLink {
public:
  void setRate(int mlPerMin) {
    if (!open_)
      throw std::runtime_error("blood pump link closed");
    rate_ = mlPerMin;
  }

  void close() {
    if (!open_)
      return;
    rate_ = 0;
    open_ = false;
  }

  bool isOpen() const { return open_; }

private:
  int rate_ = 0;
  bool open_ = true;
};

struct Alarm {
  bool raised = false;
  std::string reason;
};

void stopPump(PumpLink &pump) {
  pump.setRate(0);
  pump.close();
}

void finishTreatment(TreatmentRecord &sheet, PumpLink &pump, const Alarm &alarm,
                     int ufVolumeMl) {
  sheet.note("ultrafiltration " + std::to_string(ufVolumeMl) + " ml");
  if (alarm.raised) {
    sheet.note("ALARM: " + alarm.reason);
    stopPump(pump);
    sheet.close();
  }
  if (pump.isOpen())
    stopPump(pump);
  pump.close(); // OK
  sheet.close(); // BUG: double-close
}

void abortTreatment(TreatmentRecord &sheet, PumpLink &pump,
                    const std::string &why) {
  stopPump(pump);
  pump.close(); // OK
  if (sheet.isClosed()) {
    std::printf("abort after filing: %s\n", why.c_str());
    return;
  }
  sheet.note("aborted: " + why); // OK
  sheet.close(); // OK
}

void runTreatment(TreatmentRecord &sheet, PumpLink &pump,
                  const std::vector<int> &rates) {
  for (int rate : rates) {
    pump.setRate(rate);
    sheet.note("pump " + std::to_string(rate) + " ml/min");
  }
  stopPump(pump);
  sheet.note("rinse-back complete"); // OK
  sheet.close(); // OK
}
