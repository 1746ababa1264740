// Emergency department triage desk: the intake software prints a patient's
// wristband on a LabelPrinter session and exports the shift's intake list to
// a CSV file. Formatting a row or a label may throw; closing the printer
// session and fclose() do not. Negative case: each close is the last
// statement of its try block, so a handler runs only when the close did not,
// and the handler's write and close are the first and only ones on that path.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace triage {

struct Patient {
  std::string name;
  std::string mrn;
  int acuity;
};

class LabelPrinter {
public:
  void print(const std::string &line) {
    if (closed_)
      throw std::runtime_error("label printer session closed");
    if (line.size() > 40)
      throw std::length_error("label line too long: " + line);
    lines_.push_back(line);
  }
  void close() noexcept { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::vector<std::string> lines_;
  bool closed_ = false;
};

std::string intakeRow(const Patient &p);

bool printWristband(LabelPrinter &printer, const Patient &p) {
  try {
    printer.print(p.name);
    printer.print("MRN " + p.mrn + "  ESI " + std::to_string(p.acuity));
    printer.close();
  } catch (const std::length_error &) {
    printer.print("SEE CHART FOR NAME"); // OK: close is the try's last statement
    printer.close(); // OK
    return false;
  }
  return true;
}

int exportShift(const std::vector<Patient> &patients, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return -1;
  try {
    for (const Patient &p : patients)
      std::fputs(intakeRow(p).c_str(), out);
    std::fclose(out);
  } catch (const std::exception &e) {
    std::fprintf(out, "# export aborted: %s\n", e.what()); // OK: fclose did not run
    std::fclose(out); // OK
    return -1;
  }
  return 0;
}

void reprint(LabelPrinter &printer, const Patient &p) {
  if (!printWristband(printer, p) && !printer.isClosed())
    printer.print(p.mrn); // OK: guarded
}

} // namespace triage
