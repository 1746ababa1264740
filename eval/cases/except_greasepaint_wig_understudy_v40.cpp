// Theatre wardrobe and make-up department: the nightly call sheet (which understudy plays which
// role, wig and greasepaint assignments) is written through CallSheet. close() marks the sheet
// closed before it flushes, so a failed flush throws from a sheet that is already closed; rows
// throw on a role without an actor. The handlers below run after a close that may or may not have
// happened: some check, some rethrow, two use or close the sheet again regardless.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

class CallSheet {
 public:
  explicit CallSheet(const std::string& path) : f_(std::fopen(path.c_str(), "w")) {
    if (!f_) throw std::runtime_error("call sheet: cannot open " + path);
  }
  ~CallSheet() {
    if (f_) std::fclose(f_);
  }
  CallSheet(const CallSheet&) = delete;
  CallSheet& operator=(const CallSheet&) = delete;

  void row(const std::string& role, const std::string& who) {
    if (!f_) throw std::runtime_error("call sheet closed");
    if (who.empty()) throw std::invalid_argument("no one assigned to " + role);
    if (std::fprintf(f_, "%-20s %s\n", role.c_str(), who.c_str()) < 0) throw std::runtime_error("call sheet: write failed");
  }
  void close() {
    if (!f_) throw std::runtime_error("call sheet already closed");
    std::FILE* f = f_;
    f_ = nullptr;
    if (std::fclose(f) != 0) throw std::runtime_error("call sheet: flush failed on close");
  }
  bool is_open() const { return f_ != nullptr; }

 private:
  std::FILE* f_;
};

using Cast = std::map<std::string, std::string>;

static void drop_quietly(CallSheet& sheet) noexcept {
  try {
    if (sheet.is_open()) sheet.close();  // OK: only when the try did not close it
  } catch (...) {
  }
}

void publish_call_sheet(const std::string& path, const Cast& cast) {
  CallSheet sheet(path);
  try {
    for (const auto& [role, actor] : cast) sheet.row(role, actor);
    sheet.close();
  } catch (const std::exception& e) {
    sheet.row("ERROR", e.what());  // BUG: use-after-close
  }
}

void publish_call_sheet_checked(const std::string& path, const Cast& cast) {
  CallSheet sheet(path);
  try {
    for (const auto& [role, actor] : cast) sheet.row(role, actor);
    sheet.close();
  } catch (const std::exception& e) {
    if (sheet.is_open()) sheet.row("ERROR", e.what());  // OK: checked
    std::fprintf(stderr, "call sheet: %s\n", e.what());
  }
}

void understudy_list(const std::string& path, const Cast& understudies) {
  CallSheet sheet(path);
  try {
    for (const auto& [role, actor] : understudies) sheet.row(role, actor);
  } catch (...) {
    sheet.close();
    throw;
  }
  sheet.row("END", "stage manager");  // OK: the handler rethrows
  sheet.close();  // OK: the only close on the normal path
}

void wig_inventory(const std::string& path, const Cast& wigs) {
  CallSheet sheet(path);
  try {
    for (const auto& [wig, actor] : wigs) sheet.row(wig, actor);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "wig list incomplete: %s\n", e.what());
    sheet.close();
  }
  sheet.row("TOTAL", std::to_string(wigs.size()));  // BUG: use-after-close
}

void greasepaint_order(const std::string& path, const Cast& colours) {
  CallSheet sheet(path);
  try {
    for (const auto& [colour, actor] : colours) sheet.row(colour, actor);
    sheet.close();
  } catch (...) {
    sheet.close();  // BUG: double-close
  }
}

void greasepaint_order_fixed(const std::string& path, const Cast& colours) {
  CallSheet sheet(path);
  try {
    for (const auto& [colour, actor] : colours) sheet.row(colour, actor);
    sheet.close();
  } catch (...) {
    drop_quietly(sheet);  // OK: closes only if still open, never throws
    return;
  }
  std::puts("greasepaint order written");
}
