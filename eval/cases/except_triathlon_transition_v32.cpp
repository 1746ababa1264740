// Club triathlon timing: each timing mat is the club's own class (read()
// and flushBuffer() throw once close() has run; close() itself does not
// throw). Splits are written to a results file with std::ofstream. When a
// wave finishes, the mat is closed as the last statement of the try, so the
// catch handler only runs while it is still open; at the end of the race the
// mat is closed first and the upload to the club site can still throw.
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TimingMat {
public:
  explicit TimingMat(std::string name) : name_(std::move(name)) {}
  int read() {
    if (closed_)
      throw std::runtime_error(name_ + ": timing mat closed");
    return nextChip_++;
  }
  void flushBuffer() {
    if (closed_)
      throw std::runtime_error(name_ + ": timing mat closed");
    buffered_ = 0;
  }
  void close() noexcept { closed_ = true; }

private:
  std::string name_;
  int nextChip_ = 100;
  int buffered_ = 0;
  bool closed_ = false;
};

void uploadResults(const std::string &path); // the club site's client; throws on network errors

void finishWave(TimingMat &t1, std::ofstream &results, int athletes) {
  try {
    for (int i = 0; i < athletes; ++i) {
      int chip = t1.read();
      if (chip < 0)
        throw std::runtime_error("bad chip");
      results << "T1," << chip << '\n';
    }
    t1.close();
  } catch (const std::exception &e) {
    results << "# wave aborted: " << e.what() << '\n';
    t1.flushBuffer(); // OK: the close is the try's last statement and does not throw
  }
}

void finishRace(TimingMat &finishLine, std::ofstream &results, const std::string &path) {
  try {
    results << "FINISH," << finishLine.read() << '\n';
    finishLine.close();
    results.close();
    uploadResults(path);
  } catch (const std::exception &e) {
    finishLine.flushBuffer(); // BUG: use-after-close
    results.open(path + ".retry");
    results << "# upload failed: " << e.what() << '\n'; // OK: reopened just above
  }
}

void writeWaveHeader(std::ofstream &results, const std::string &wave) {
  try {
    results << "WAVE," << wave << '\n';
    results.close();
  } catch (...) {
    results << "# header lost\n"; // OK: only a throw before the close reaches here
  }
}
