// Theorbo/lute tablature engraver. A .lute source (tuning line, then one chord per
// line as "course:fret" pairs) is rendered to a French-letter tablature text file;
// an engraving log (member std::ofstream) records what was done and is rotated
// between books.
// Two mistakes: engrave_file() writes the "(empty piece)" marker after closing
// the output, and finish_book() writes the colophon through the log after stop().
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

struct Stop {
  int course = 0;
  int fret = 0;
};

static std::vector<Stop> parse_line(const std::string &line) {
  std::vector<Stop> chord;
  std::istringstream in(line);
  std::string tok;
  while (in >> tok) {
    auto colon = tok.find(':');
    if (colon == std::string::npos)
      continue;
    chord.push_back({std::stoi(tok.substr(0, colon)), std::stoi(tok.substr(colon + 1))});
  }
  return chord;
}

static std::string render(const std::vector<Stop> &chord) {
  std::string row(14, '-');
  for (const auto &s : chord)
    if (s.course >= 1 && s.course <= 14)
      row[s.course - 1] = static_cast<char>('a' + s.fret);
  return row;
}

static int count_ornaments(std::istream &in) {
  int n = 0;
  std::string line;
  while (std::getline(in, line))
    for (char c : line)
      if (c == '#' || c == '+')
        ++n;
  return n;
}

class EngraveLog {
public:
  explicit EngraveLog(std::string path) : path_(std::move(path)) { out_.open(path_, std::ios::app); }
  void note(const std::string &msg) { out_ << msg << '\n'; } // SAME: colophon
  void rotate() {
    out_.close();
    std::rename(path_.c_str(), (path_ + ".old").c_str());
    out_.open(path_, std::ios::app);
    if (!out_.is_open())
      throw std::runtime_error("cannot reopen engraving log " + path_);
    out_ << "-- rotated --\n"; // OK: reopened, failure throws above
  }
  void stop() {
    if (out_.is_open())
      out_.close();
  }
  bool open() const { return out_.is_open(); }

private:
  std::string path_;
  std::ofstream out_;
};

static int engrave_file(const std::string &src_path, const std::string &out_path) {
  std::ifstream src(src_path);
  if (!src.is_open())
    return -1;
  std::string tuning;
  if (!std::getline(src, tuning))
    return -1;
  std::ofstream out(out_path);
  if (!out.is_open())
    return -1;
  out << "tuning: " << tuning << '\n';
  std::string line;
  int chords = 0;
  while (std::getline(src, line)) {
    out << render(parse_line(line)) << '\n';
    ++chords;
  }
  src.close();
  out.close();
  if (chords == 0) {
    out << "(empty piece)\n"; // BUG: use-after-close
    return 0;
  }
  return chords;
}

static int engrave_with_footer(const std::string &src_path, const std::string &out_path) {
  std::ifstream src(src_path);
  std::ofstream out(out_path);
  if (!src.is_open() || !out.is_open())
    return -1;
  std::string line;
  int chords = 0;
  while (std::getline(src, line)) {
    out << render(parse_line(line)) << '\n';
    ++chords;
  }
  src.close();
  if (chords == 0) {
    out.close();
    return 0;
  }
  out << "fine (" << chords << " chords)\n"; // OK: out is still open on this path
  out.close();
  return chords;
}

static int ornaments_in_parts(const std::string &first, const std::string &second) {
  std::ifstream in(first);
  int n = in.is_open() ? count_ornaments(in) : 0;
  in.close();
  in.open(second);
  if (!in.is_open())
    return n;
  n += count_ornaments(in); // OK: reopened on the second part
  return n;
}

static void finish_book(EngraveLog &log, const std::vector<std::string> &pieces) {
  for (const auto &p : pieces)
    log.note("engraved " + p);
  log.stop();
  log.note("colophon: " + std::to_string(pieces.size()) + " pieces"); // BUG: use-after-close #colophon
}

static void late_correction(EngraveLog &log, const std::string &text) {
  if (!log.open())
    return;
  log.note("correction: " + text); // OK: is_open() guard
}

int engrave_book(const std::vector<std::string> &pieces) {
  EngraveLog log("engraving.log");
  int total = 0;
  for (const auto &p : pieces) {
    int n = engrave_file(p + ".lute", p + ".tab");
    if (n < 0)
      n = engrave_with_footer(p + ".lute", p + ".tab");
    total += n > 0 ? n : 0;
    total += ornaments_in_parts(p + ".lute", p + "-continuo.lute");
  }
  log.rotate();
  late_correction(log, "bar 12 of the passacaille: fret c, not d");
  finish_book(log, pieces);
  late_correction(log, "after the colophon");
  return total;
}
