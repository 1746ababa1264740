// Apiary hive-scale logging: each HiveLog appends weight and brood-temperature
// readings for one hive to a CSV file; at midnight the ApiaryJournal rolls
// every log over to a new dated file. Negative case: a write only follows an
// open or a null check on a pointer that is nulled when closed, the error
// path of openDay() closes and returns, and rollover() closes the old FILE*
// exactly once before storing the new one.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct HiveReading {
  int hiveId = 0;
  double kilograms = 0.0;
  double broodCelsius = 0.0;
};

class HiveLog {
public:
  explicit HiveLog(int hiveId) : hiveId_(hiveId) {}
  ~HiveLog();
  HiveLog(const HiveLog &) = delete;
  HiveLog &operator=(const HiveLog &) = delete;

  bool openDay(const std::string &date);
  void append(const HiveReading &r);
  bool rollover(const std::string &nextDate);
  void closeDay();

private:
  std::string fileFor(const std::string &date) const;

  int hiveId_;
  FILE *csv_ = nullptr;
};

class ApiaryJournal {
public:
  explicit ApiaryJournal(std::vector<int> hives);
  ~ApiaryJournal() {
    for (HiveLog *log : logs_)
      delete log;
  }
  void record(const HiveReading &r);
  void midnight(const std::string &nextDate);

private:
  std::vector<HiveLog *> logs_;
  std::vector<int> hives_;
};

std::string HiveLog::fileFor(const std::string &date) const {
  return "/var/lib/apiary/hive" + std::to_string(hiveId_) + "-" + date + ".csv";
}

bool HiveLog::openDay(const std::string &date) {
  csv_ = std::fopen(fileFor(date).c_str(), "a");
  if (csv_ == nullptr)
    return false;
  if (std::fputs("hive,kg,brood_c\n", csv_) < 0) {
    std::fclose(csv_);
    csv_ = nullptr;
    return false;
  }
  return true;
}

void HiveLog::append(const HiveReading &r) {
  if (csv_ == nullptr)
    return;
  std::fprintf(csv_, "%d,%.2f,%.1f\n", r.hiveId, r.kilograms, // OK: null-checked
               r.broodCelsius);
}

bool HiveLog::rollover(const std::string &nextDate) {
  FILE *next = std::fopen(fileFor(nextDate).c_str(), "a");
  if (next == nullptr)
    return false;
  if (csv_ != nullptr)
    std::fclose(csv_);
  csv_ = next;
  std::fputs("hive,kg,brood_c\n", csv_); // OK: csv_ now holds the new file
  return true;
}

void HiveLog::closeDay() {
  if (csv_ == nullptr)
    return;
  std::fclose(csv_);
  csv_ = nullptr;
}

HiveLog::~HiveLog() {
  closeDay(); // OK: closeDay() is a no-op once csv_ is null
}

ApiaryJournal::ApiaryJournal(std::vector<int> hives) : hives_(std::move(hives)) {
  for (int id : hives_) {
    HiveLog *log = new HiveLog(id);
    if (!log->openDay("2026-06-01")) {
      delete log;
      continue;
    }
    logs_.push_back(log);
  }
}

void ApiaryJournal::record(const HiveReading &r) {
  for (HiveLog *log : logs_)
    log->append(r);
}

void ApiaryJournal::midnight(const std::string &nextDate) {
  for (HiveLog *log : logs_) {
    if (!log->rollover(nextDate))
      log->closeDay();
    log->append(HiveReading{}); // OK: append() returns early on a closed log
  }
}

int main() {
  ApiaryJournal journal({3, 7, 12});
  journal.record(HiveReading{7, 41.8, 34.9});
  journal.midnight("2026-06-02");
  journal.record(HiveReading{3, 39.2, 35.1}); // OK
  return 0;
}
