// Metal detecting club: each dig day's finds go to a CSV sheet, which is
// closed at the end of the dig and reopened in append mode when the finds
// liaison officer adds her check mark; the club's running log is a member
// stream that is only written while open. The liaison copy is read back
// from the sheet and then from the previous day's backup. Negative: every
// stream is reopened, or checked with is_open(), before it is used again
// after a close, and the running log closes only a stream that is open.
#include <fstream>
#include <string>
#include <vector>

namespace detectorists {

struct Find {
  std::string object;
  std::string gridRef;
  int depthCm;
};

void recordDay(const std::string &path, const std::vector<Find> &finds) {
  std::ofstream sheet(path);
  if (!sheet)
    return;
  for (const Find &f : finds)
    sheet << f.object << ',' << f.gridRef << ',' << f.depthCm << '\n';
  sheet.close();
  sheet.open(path, std::ios::app);
  sheet << "# checked by the finds liaison officer\n"; // OK: reopened in append mode
}

int countLines(const std::string &sheetPath, const std::string &backupPath) {
  std::ifstream in(sheetPath);
  std::string line;
  int lines = 0;
  while (std::getline(in, line))
    ++lines;
  in.close();
  in.clear();
  in.open(backupPath);
  while (std::getline(in, line)) // OK: the stream was reopened on the backup
    ++lines;
  return lines;
}

class FindsLog {
public:
  void open(const std::string &path) { out_.open(path, std::ios::app); }

  void add(const Find &f) {
    if (!out_.is_open())
      return;
    out_ << f.object << " at " << f.gridRef << '\n'; // OK
  }

  void close() {
    if (out_.is_open())
      out_.close(); // OK: closes only an open stream
  }

private:
  std::ofstream out_;
};

void endOfDig(FindsLog &log, const std::vector<Find> &late) {
  log.close();
  for (const Find &f : late)
    log.add(f); // OK: add() checks is_open()
  log.close(); // OK
}

} // namespace detectorists
