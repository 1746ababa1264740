// Hive inspection round: the beekeeper walks the apiary and an inspection
// sheet (an append-only text file per hive) records brood pattern, supers
// added and queen status. The round keeps the current sheet in a
// std::optional and replaces it with emplace() when it moves to another hive
// or splits a colony into a nucleus box.
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct Hive {
  std::string id;
  int supers;
  bool queenright;
};

class InspectionSheet {
public:
  explicit InspectionSheet(const std::string &path) : out_(path, std::ios::app) {
    if (!out_)
      throw std::runtime_error("cannot open inspection sheet " + path);
  }
  void write(const std::string &line) {
    if (!out_.is_open())
      throw std::runtime_error("inspection sheet closed: " + line);
    out_ << line << '\n';
  }
  void close() { out_.close(); }

private:
  std::ofstream out_;
};

class InspectionRound {
public:
  explicit InspectionRound(std::string dir) : dir_(std::move(dir)) {}

  void startHive(const Hive &h) {
    if (sheet_)
      sheet_->close();
    sheet_.emplace(pathFor(h.id));
    sheet_->write("supers=" + std::to_string(h.supers)); // OK: emplace() replaced the closed sheet
  }

  void addSuper(Hive &h) {
    if (!sheet_)
      return;
    ++h.supers;
    sheet_->write("super added, now " + std::to_string(h.supers));
  }

  void requeen(const Hive &h, const std::string &queenMark) {
    sheet_->write("requeened, mark " + queenMark);
    sheet_->close();
    sheet_.reset();
    sheet_.emplace(pathFor(h.id + "-queen"));
    sheet_->write("queen introduced in cage"); // OK: a fresh sheet
  }

  void splitColony(const Hive &h, int framesMoved) {
    sheet_->write("split, " + std::to_string(framesMoved) + " frames to nuc");
    sheet_->close();
    if (h.queenright)
      sheet_.emplace(pathFor(h.id + "-nuc"));
    sheet_->write("nuc frames: " + std::to_string(framesMoved)); // BUG: use-after-close
  }

  void finish() {
    if (sheet_) {
      sheet_->close();
      sheet_.reset();
    }
  }

private:
  std::string pathFor(const std::string &id) const { return dir_ + "/" + id + ".sheet"; }

  std::string dir_;
  std::optional<InspectionSheet> sheet_;
};

void walkApiary(InspectionRound &round, std::vector<Hive> &hives) {
  for (Hive &h : hives) {
    round.startHive(h);
    if (h.supers < 3)
      round.addSuper(h);
    if (!h.queenright)
      round.requeen(h, "white-2025");
    if (h.supers >= 4)
      round.splitColony(h, 4);
  }
  round.finish();
}
