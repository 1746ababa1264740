// Orthodontic aligner thermoformer. Each patient case heats a plastic sheet
// (heater controller behind a descriptor), vacuum-forms it over the printed
// arch model (vacuum pump descriptor) and records the cycle in a case log.
// Descriptors live in UniqueFd guards, logs in unique_ptr<FILE> with an
// fclose deleter, and a ScanArchive closes its file in its destructor.
// Mistakes: form_tray() keeps the raw heater descriptor after the guard's
// scope has ended; rotate_case_log() keeps writing through the raw FILE* of
// a log that reassignment closed; archive_scans() seals the archive (fclose)
// and then destroys it, whose destructor closes the file again.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>

class UniqueFd {
public:
    explicit UniqueFd(int fd = -1) : fd_(fd) {}
    ~UniqueFd() { reset(); }
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    int release() {
        int fd = fd_;
        fd_ = -1;
        return fd;
    }
    void reset(int fd = -1) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

private:
    int fd_;
};

struct FileCloser {
    void operator()(FILE* f) const {
        if (f != nullptr) std::fclose(f);
    }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

class ScanArchive {
public:
    explicit ScanArchive(const std::string& path) : fp_(std::fopen(path.c_str(), "ab")) {}
    ~ScanArchive() {
        if (fp_ != nullptr) std::fclose(fp_);  // SAME: archive
    }
    void add(const std::string& stl_name) {
        if (fp_ != nullptr) std::fprintf(fp_, "scan %s\n", stl_name.c_str());
    }
    void seal() {
        std::fprintf(fp_, "-- sealed --\n");
        std::fclose(fp_);
    }

private:
    FILE* fp_;
};

static bool cmd(int fd, const char* s) {
    std::string line = std::string(s) + "\n";
    return ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
}

int form_tray(const std::string& patient) {
    int heater_fd = -1;
    {
        UniqueFd heater(::open("/dev/thermo_heater", O_RDWR));
        if (!heater) return -1;
        heater_fd = heater.get();
        if (!cmd(heater_fd, "PREHEAT 160")) return -1;
    }
    UniqueFd vacuum(::open("/dev/thermo_vacuum", O_RDWR));
    if (!vacuum) return -1;
    cmd(vacuum.get(), "PUMP ON");
    ::write(heater_fd, "HOLD\n", 5);  // BUG: use-after-close
    std::printf("tray formed for %s\n", patient.c_str());
    return 0;
}

int form_tray_fixed(const std::string& patient) {
    UniqueFd heater(::open("/dev/thermo_heater", O_RDWR));
    if (!heater) return -1;
    cmd(heater.get(), "PREHEAT 160");
    heater.reset(::open("/dev/thermo_heater_aux", O_RDWR));
    if (!heater) return -1;
    cmd(heater.get(), "HOLD");  // OK: reset() closed the old descriptor and holds the new one
    UniqueFd vacuum(::open("/dev/thermo_vacuum", O_RDWR));
    if (!vacuum) return -1;
    int vfd = vacuum.release();
    cmd(vfd, "PUMP ON");
    ::close(vfd);  // OK: release() took it out of the guard, so the guard will not close it
    std::printf("tray formed for %s\n", patient.c_str());
    return 0;
}

void rotate_case_log(FilePtr& log, const std::string& next_path, int cycle) {
    FILE* raw = log.get();
    std::fprintf(raw, "cycle %d done\n", cycle);
    log = FilePtr(std::fopen(next_path.c_str(), "a"));
    std::fprintf(raw, "continued in %s\n", next_path.c_str());  // BUG: use-after-close
}

void rotate_case_log_fixed(FilePtr& log, const std::string& next_path, int cycle) {
    std::fprintf(log.get(), "cycle %d done, continued in %s\n", cycle, next_path.c_str());
    log.reset(std::fopen(next_path.c_str(), "a"));
    if (log) std::fprintf(log.get(), "continuing after cycle %d\n", cycle);  // OK: log owns the new file
}

void archive_scans(const std::string& path) {
    auto archive = std::make_unique<ScanArchive>(path);
    archive->add("upper_arch.stl");
    archive->add("lower_arch.stl");
    archive->seal();
    archive.reset();  // BUG: double-close #archive
}

void archive_scans_fixed(const std::string& path) {
    auto archive = std::make_unique<ScanArchive>(path);
    archive->add("upper_arch.stl");
    archive.reset();  // OK: only the destructor closes the file
}
