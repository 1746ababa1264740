// Cheese cave affinage records: a BatchSheet keeps one fstream per batch of
// wheels with weight and temperature readings; moving the wheels to the
// second cave closes the first sheet and opens a new one. Negative case:
// every write checks is_open() or follows a successful open, the error path
// of load() closes the file and returns, and closeSheet() is guarded so the
// destructor's call and a move between caves never close a stream twice.
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct RindReading {
  int day = 0;
  double wheelKg = 10.0;
  double celsius = 18.0;
};

class BatchSheet {
public:
  explicit BatchSheet(std::string batchCode) : code_(std::move(batchCode)) {}
  ~BatchSheet() { closeSheet(); }
  bool open(const std::string &cave);
  void record(const RindReading &r);
  void closeSheet();
  bool moveCave(const std::string &nextCave);
  bool load(const std::string &cave, std::vector<RindReading> &out);

private:
  std::string fileFor(const std::string &cave) const;

  std::string code_;
  std::fstream sheet_;
};

class Cellar {
public:
  void addBatch(BatchSheet *sheet) { sheets_.push_back(sheet); }
  void dailyRound(int day);

private:
  std::vector<BatchSheet *> sheets_;
};

std::string BatchSheet::fileFor(const std::string &cave) const {
  return "/srv/affinage/" + code_ + "-" + cave + ".tsv";
}

bool BatchSheet::open(const std::string &cave) {
  sheet_.open(fileFor(cave), std::ios::in | std::ios::out | std::ios::app);
  return sheet_.is_open();
}

void BatchSheet::record(const RindReading &r) {
  if (!sheet_.is_open())
    return;
  sheet_ << r.day << '\t' << r.wheelKg << '\t' << r.celsius // OK: guarded
         << '\n';
}

void BatchSheet::closeSheet() {
  if (!sheet_.is_open())
    return;
  sheet_.flush();
  sheet_.close(); // OK: only reached while the sheet is open
}

bool BatchSheet::moveCave(const std::string &nextCave) {
  closeSheet();
  if (!open(nextCave))
    return false;
  sheet_ << "# moved from the first cave\n"; // OK: reopened for the next cave
  return true;
}

bool BatchSheet::load(const std::string &cave,
                      std::vector<RindReading> &out) {
  std::ifstream in(fileFor(cave));
  if (!in.is_open())
    return false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    RindReading r;
    if (!(fields >> r.day >> r.wheelKg >> r.celsius)) {
      in.close();
      return false;
    }
    out.push_back(r);
  }
  in.close(); // OK: the error path returned after its close
  return true;
}

void Cellar::dailyRound(int day) {
  for (BatchSheet *sheet : sheets_) {
    RindReading r;
    r.day = day;
    r.wheelKg = 10.0 - 0.05 * day;
    sheet->record(r);
    if (r.wheelKg < 9.6)
      sheet->moveCave("cave-2");
  }
}

int main() {
  BatchSheet tomme("TOM-0419");
  if (!tomme.open("cave-1"))
    return 1;
  Cellar cellar;
  cellar.addBatch(&tomme);
  for (int day = 1; day <= 10; ++day)
    cellar.dailyRound(day);
  tomme.closeSheet();
  tomme.record(RindReading{11, 9.45, 11.0}); // OK: record() checks is_open()
  std::vector<RindReading> history;
  tomme.load("cave-2", history);
  return 0;
}
