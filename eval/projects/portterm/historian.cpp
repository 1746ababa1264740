// HistorianWriter: one FILE* at a time, rotated when it grows past max_bytes. Rotation
// opens the next file first and only then closes the old one, so fp_ is never left
// dangling; if the next file cannot be opened the writer keeps using the current one.
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "historian.h"

HistorianWriter::HistorianWriter(std::string dir, std::string prefix, long max_bytes)
    : dir_(std::move(dir)), prefix_(std::move(prefix)), max_bytes_(max_bytes > 0 ? max_bytes : 1 << 20) {}

HistorianWriter::~HistorianWriter() {
    close(); // OK: close() is idempotent
}

std::string HistorianWriter::next_path_locked() {
    char name[64];
    std::snprintf(name, sizeof name, "%s.%06d.log", prefix_.c_str(), ++seq_);
    return dir_ + "/" + name;
}

Status HistorianWriter::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_) return Status::success();
    std::string path = next_path_locked();
    fp_ = std::fopen(path.c_str(), "a");
    if (!fp_) return Status::error(ErrorCode::Io, "historian: cannot open " + path);
    written_ = 0;
    return Status::success();
}

Status HistorianWriter::rotate_locked() {
    std::string path = next_path_locked();
    std::FILE* next = std::fopen(path.c_str(), "a");
    if (!next) return Status::error(ErrorCode::Io, "historian: cannot rotate to " + path);
    std::FILE* old = fp_;
    fp_ = next;
    written_ = 0;
    std::fclose(old); // OK: the old file is closed once, fp_ already points at the new one
    return Status::success();
}

void HistorianWriter::write_locked(const std::string& line) {
    long len = static_cast<long>(line.size());
    if (written_ + len > max_bytes_) {
        Status st = rotate_locked();
        if (!st.ok()) log_line("historian", st.message());
    }
    std::fputs(line.c_str(), fp_); // OK: rotate_locked() swaps in a fresh file before closing the old one
    written_ += len;
}

void HistorianWriter::append(const std::string& tag, double value) {
    char line[256];
    std::snprintf(line, sizeof line, "%ld %s %.3f\n", static_cast<long>(std::time(nullptr)), tag.c_str(), value);
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) throw std::runtime_error("historian closed");
    write_locked(line);
}

void HistorianWriter::append_text(const std::string& text) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) throw std::runtime_error("historian closed");
    write_locked(std::to_string(static_cast<long>(std::time(nullptr))) + " " + text + "\n");
}

bool HistorianWriter::append_if_open(const std::string& tag, const std::string& text) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) return false;
    write_locked(std::to_string(static_cast<long>(std::time(nullptr))) + " " + tag + " " + text + "\n");
    return true;
}

Status HistorianWriter::rotate() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) return Status::error(ErrorCode::Closed, "historian closed");
    return rotate_locked();
}

void HistorianWriter::flush() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fp_) std::fflush(fp_);
}

void HistorianWriter::close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (!fp_) return;
    std::fflush(fp_);
    std::fclose(fp_);
    fp_ = nullptr;
}

bool HistorianWriter::is_open() const {
    std::lock_guard<std::mutex> lk(mu_);
    return fp_ != nullptr;
}
