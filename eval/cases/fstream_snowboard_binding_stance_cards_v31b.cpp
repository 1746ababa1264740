// Snowboard workshop: the bench technician records every binding setup
// (rider, stance width, front and back angles) on a stance card appended to
// the day's card book, an std::ofstream. At midnight the book switches to the
// next day's file; the season export writes a CSV and reads the header back
// with a separate ifstream to verify it. Negative case: every write after a
// close is either behind is_open() or follows a reopen of the same stream,
// and the read-back uses a different stream object.
#include <fstream>
#include <ios>
#include <string>
#include <vector>

namespace workshop {

struct StanceCard {
  std::string rider;
  int widthMm;
  int frontDeg;
  int backDeg;
};

class CardBook {
public:
  bool openDay(const std::string &day) {
    out_.open("/srv/workshop/stance-" + day + ".txt", std::ios::app);
    return out_.is_open();
  }

  void add(const StanceCard &c) {
    if (!out_.is_open())
      return;
    out_ << c.rider << ';' << c.widthMm << ';' << c.frontDeg << ';' << c.backDeg << '\n'; // OK: is_open() checked
  }

  void midnight(const std::string &nextDay) {
    out_.close();
    out_.open("/srv/workshop/stance-" + nextDay + ".txt", std::ios::app);
    if (out_)
      out_ << "# stance cards for " << nextDay << '\n'; // OK: reopened
  }

  void closeBench() {
    if (out_.is_open())
      out_.close(); // OK
  }

private:
  std::ofstream out_;
};

bool exportSeason(const std::vector<StanceCard> &season, const std::string &path) {
  std::ofstream csv(path, std::ios::trunc);
  if (!csv)
    return false;
  csv << "rider,width,front,back\n";
  for (const StanceCard &c : season)
    csv << c.rider << ',' << c.widthMm << ',' << c.frontDeg << ',' << c.backDeg << '\n';
  csv.close();
  std::ifstream check(path);
  std::string header;
  std::getline(check, header); // OK: a separate input stream
  check.close();
  return header == "rider,width,front,back";
}

void endOfSeason(CardBook &book, const std::vector<StanceCard> &season) {
  book.closeBench();
  book.add({"late walk-in", 540, 15, -9}); // OK: add() checks is_open()
  book.closeBench(); // OK: closes only an open book
  exportSeason(season, "/srv/workshop/season.csv");
}

} // namespace workshop
