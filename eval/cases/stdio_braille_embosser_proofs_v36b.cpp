// Braille embosser proof spooler. Each job's translated braille rows are piped
// to the embosser driver (popen/pclose) and every job appends a proof record to
// a size-rotated log (fclose + rename + fopen). write_proof_header() closes the
// stream it was given when the write fails, so callers must stop using it.
// Mistakes: start_proof() ignores the header result and keeps writing,
// run_job() asks the pipe for its error flag after pclose(), and
// roll_over_for_day() writes a trailer through the FILE* that rotation closed.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

constexpr int kMaxPages = 40;

struct ProofLog {
    FILE* fp = nullptr;
    std::string path;
    long written = 0;
    long limit = 1L << 20;
};

struct EmbossJob {
    std::string title;
    int copies = 1;
    std::vector<std::string> rows;  // "\f" separates pages
};

bool open_log(ProofLog& log) {
    log.fp = std::fopen(log.path.c_str(), "a");
    log.written = 0;
    return log.fp != nullptr;
}

bool rotate_log(ProofLog& log) {
    std::fclose(log.fp);
    log.fp = nullptr;
    std::string old = log.path + ".1";
    std::rename(log.path.c_str(), old.c_str());
    return open_log(log);
}

void append_proof(ProofLog& log, const std::string& line) {
    if (log.fp == nullptr) return;
    if (log.written > log.limit && !rotate_log(log)) return;
    int n = std::fprintf(log.fp, "%s\n", line.c_str());  // OK: rotate_log reopened it, or we returned
    if (n > 0) log.written += n;
}

// Day change: start a fresh log and leave a pointer to it in the old one.
void roll_over_for_day(ProofLog& log, const std::string& day) {
    if (log.fp == nullptr) return;
    FILE* prev = log.fp;
    if (!rotate_log(log)) return;
    std::fprintf(prev, "# continued for %s\n", day.c_str());  // BUG: use-after-close
}

void close_log(ProofLog& log) {
    if (log.fp != nullptr) {
        std::fclose(log.fp);
        log.fp = nullptr;
    }
}

// A failed header leaves a torn record; the helper closes the stream.
bool write_proof_header(FILE* fp, const std::string& title, int copies) {
    if (std::fprintf(fp, "# proof %s copies=%d\n", title.c_str(), copies) < 0) {
        std::fclose(fp);
        return false;
    }
    return true;
}

void start_proof(ProofLog& log, const EmbossJob& job) {
    if (log.fp == nullptr && !open_log(log)) return;
    write_proof_header(log.fp, job.title, job.copies);
    const char* who = std::getenv("USER");
    std::fprintf(log.fp, "# operator=%s\n", who ? who : "unknown");  // BUG: use-after-close
}

bool start_proof_checked(ProofLog& log, const EmbossJob& job) {
    if (log.fp == nullptr && !open_log(log)) return false;
    if (!write_proof_header(log.fp, job.title, job.copies)) {
        log.fp = nullptr;  // the helper already closed it
        return false;
    }
    std::fprintf(log.fp, "# rows=%zu\n", job.rows.size());  // OK: header succeeded, stream still open
    return true;
}

int run_job(ProofLog& log, const EmbossJob& job) {
    FILE* drv = popen("brl-emboss --stdin --duplex", "w");
    if (drv == nullptr) return -1;
    int pages = 0;
    for (const auto& row : job.rows) {
        if (row == "\f" && ++pages > kMaxPages) {
            pclose(drv);
            append_proof(log, "abort " + job.title + ": page limit");
            return -2;
        }
        std::fprintf(drv, "%s\n", row.c_str());  // OK: the page-limit branch returns after pclose
    }
    std::fflush(drv);
    int status = pclose(drv);
    bool short_write = std::ferror(drv) != 0;  // BUG: use-after-close
    append_proof(log, job.title + (status == 0 && !short_write ? " ok" : " failed"));
    return status;
}

int spool_all(ProofLog& log, const std::vector<EmbossJob>& jobs) {
    int failures = 0;
    for (const auto& job : jobs) {
        if (!start_proof_checked(log, job)) {
            ++failures;
            continue;
        }
        if (run_job(log, job) < 0) {
            ++failures;
            close_log(log);
            break;
        }
    }
    close_log(log);  // OK: close_log nulls fp, so after the error path this is a no-op
    return failures;
}

void spool_legacy(ProofLog& log, const EmbossJob& job) {
    start_proof(log, job);
}
