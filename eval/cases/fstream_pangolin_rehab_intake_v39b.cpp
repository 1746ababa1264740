// A wildlife rehabilitation centre keeps an intake register for rescued
// pangolins (weight, scale condition, feeding notes) as a text file per
// enclosure. IntakeRegister owns the std::ofstream; switch_enclosure() closes
// and reopens it, and note() checks is_open(). Bugs: discharge() closes the
// register, and release_day() calls discharge() and then writes the release
// line with log_weight(), which does not check is_open(); the old importer of the
// vet's weights reads the signature line even after closing the ifstream on a
// superseded sheet (the newer importer returns first).
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

class IntakeRegister {
 public:
  explicit IntakeRegister(const std::string& path) { out_.open(path, std::ios::app); }

  void switch_enclosure(const std::string& path) {
    if (out_.is_open()) out_.close();
    out_.open(path, std::ios::app);
    out_ << "# enclosure register opened\n";  // OK: reopened just above
  }

  void note(const std::string& animal, const std::string& text) {
    if (!out_.is_open()) return;
    out_ << animal << ": " << text << '\n';  // OK: is_open() checked
  }

  void log_weight(const std::string& animal, double grams) {
    out_ << animal << " weight " << grams << " g\n";  // SAME: release
    out_.flush();
  }

  void discharge(const std::string& animal) {
    note(animal, "discharged from intake");
    out_.close();
  }

  bool open() const { return out_.is_open(); }

 private:
  std::ofstream out_;
};

void morning_round(IntakeRegister& reg, const std::vector<std::string>& animals) {
  for (const auto& a : animals) reg.log_weight(a, 0.0);
  reg.note("round", "morning round complete");
}

void release_day(IntakeRegister& reg, const std::string& animal, double grams) {
  reg.discharge(animal);
  reg.log_weight(animal, grams);  // BUG: use-after-close #release
}

void transfer(IntakeRegister& reg, const std::string& animal, const std::string& new_path) {
  reg.discharge(animal);
  reg.switch_enclosure(new_path);
  reg.log_weight(animal, 0.0);  // OK: switch_enclosure() reopened the stream
  reg.note(animal, "transferred");  // OK
}

void quiet_discharge(IntakeRegister& reg, const std::string& animal) {
  reg.discharge(animal);
  reg.note(animal, "collected by ranger");  // OK: note() skips a closed register
}

std::vector<double> import_vet_weights(const std::string& path, std::string* signature) {
  std::vector<double> grams;
  std::ifstream in(path);
  if (!in.is_open()) throw std::runtime_error("cannot open " + path);
  std::string line;
  while (std::getline(in, line)) {
    if (line == "---") break;  // weights end, the vet's signature follows
    if (!line.empty() && line[0] == '!') {  // vet marked the sheet as superseded
      in.close();
      break;
    }
    grams.push_back(std::stod(line));
  }
  if (!in.is_open()) return grams;
  std::getline(in, *signature);  // OK: returned above when the stream was closed
  return grams;
}

// Older copy of the importer, still used by the night shift's script.
std::vector<double> import_vet_weights_v1(const std::string& path, std::string* signature) {
  std::vector<double> grams;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line == "---") break;
    if (!line.empty() && line[0] == '!') {
      in.close();
      break;
    }
    grams.push_back(std::stod(line));
  }
  std::getline(in, *signature);  // BUG: use-after-close
  return grams;
}
