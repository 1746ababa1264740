// Shibori kimono atelier: every dye bath appends resist-pattern lines to a
// batch journal (a FILE* kept in a struct) that is rotated when it grows past
// a size limit, and one-off pattern sheets are written through a helper that
// writes the header and fcloses the sheet itself when the header write fails.
// Two call sites forget what the helpers did: one keeps writing after the
// header helper closed the sheet, one keeps the old stream after a failed
// rotation.
#include <cstdio>
#include <string>

namespace atelier {

constexpr long kRotateBytes = 64 * 1024;

struct BathJournal {
    FILE* fp = nullptr;
    std::string path;
    long written = 0;
    int generation = 0;
};

// Writes the sheet header. On failure the stream is closed here and the
// caller must not touch it again.
static bool write_header(FILE* fp, const std::string& kimono_id) {
    if (std::fprintf(fp, "# kimono %s\n# technique arashi\n", kimono_id.c_str()) < 0) {
        std::fclose(fp);
        return false;
    }
    return true;
}

FILE* open_sheet(const std::string& path, const std::string& kimono_id) {
    FILE* fp = std::fopen(path.c_str(), "a");
    if (!fp) return nullptr;
    if (!write_header(fp, kimono_id)) {
        return nullptr;  // header helper already closed it
    }
    std::fflush(fp); // OK: header succeeded, stream still open
    return fp;
}

void append_pattern(const std::string& path, const std::string& kimono_id, const char* pattern) {
    FILE* fp = std::fopen(path.c_str(), "a");
    if (!fp) return;
    bool ok = write_header(fp, kimono_id);
    if (!ok) std::fprintf(stderr, "header failed for %s\n", kimono_id.c_str());
    std::fprintf(fp, "pattern=%s\n", pattern); // BUG: use-after-close
    std::fclose(fp); // BUG: double-close
}

// Closes the current generation and opens the next one. Leaves fp null when
// the new file cannot be created.
static bool rotate(BathJournal& j) {
    std::fclose(j.fp);
    j.fp = nullptr;
    ++j.generation;
    std::string next = j.path + "." + std::to_string(j.generation);
    j.fp = std::fopen(next.c_str(), "w");
    j.written = 0;
    return j.fp != nullptr;
}

// Faster variant written for the night shift: only swaps the pointer when the
// new file opened, so on failure the journal keeps the stream closed above.
static void rotate_in_place(BathJournal& j) {
    std::fclose(j.fp);
    ++j.generation;
    std::string next = j.path + "." + std::to_string(j.generation);
    FILE* fresh = std::fopen(next.c_str(), "w");
    if (fresh) j.fp = fresh;
    j.written = 0;
}

void record(BathJournal& j, const char* line) {
    if (!j.fp) return;
    if (j.written > kRotateBytes && !rotate(j)) return;
    int n = std::fprintf(j.fp, "%s\n", line); // OK: rotate reopened or we returned
    if (n > 0) j.written += n;
}

void record_night_lot(BathJournal& j, int lot, double indigo_grams) {
    if (!j.fp) return;
    if (j.written > kRotateBytes) rotate_in_place(j);
    int n = std::fprintf(j.fp, "lot %d indigo %.1f g\n", lot, indigo_grams); // BUG: use-after-close
    if (n > 0) j.written += n;
}

void close_journal(BathJournal& j) {
    if (j.fp) {
        std::fclose(j.fp);
        j.fp = nullptr;
    }
}

void finish_day(BathJournal& j, const std::string& summary) {
    record(j, summary.c_str());
    close_journal(j);
    close_journal(j); // OK: close_journal nulls fp, second call does nothing
    record(j, "late rinse"); // OK: record returns early on a null stream
}

void start_day(BathJournal& j, const std::string& path) {
    close_journal(j);
    j.path = path;
    j.fp = std::fopen(path.c_str(), "a");
    if (j.fp) std::fputs("# day start\n", j.fp); // OK: freshly opened stream
}

}  // namespace atelier
