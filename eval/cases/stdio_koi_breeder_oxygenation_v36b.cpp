// Koi breeder oxygenation logger. Each breeding tank keeps a dissolved-oxygen
// CSV log in a struct; the file is rolled at midnight (fclose, set to nullptr,
// fopen of the new day's file). Blower status is read through popen() and the
// pipe is pclose()d before the helper returns. write_sample() closes the stream
// when a row cannot be written and says so by returning false.
// Negative case: every use after a close is guarded by the nullptr the close
// leaves behind, happens on a stream reopened in between, or sits after a
// check that returned when the helper had closed the stream.
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

struct TankLog {
    int tank = 0;
    std::string dir;
    int day = -1;
    FILE* csv = nullptr;
};

std::string day_path(const TankLog& t, int day) {
    return t.dir + "/tank" + std::to_string(t.tank) + "-" + std::to_string(day) + ".csv";
}

void roll_if_new_day(TankLog& t, int today) {
    if (t.day == today && t.csv != nullptr) return;
    if (t.csv != nullptr) {
        std::fclose(t.csv);
        t.csv = nullptr;
    }
    t.csv = std::fopen(day_path(t, today).c_str(), "a");
    t.day = today;
    if (t.csv != nullptr) std::fprintf(t.csv, "time,do_mgl,temp_c\n");  // OK: fresh stream for the new day
}

// Returns false only after closing the stream: a torn row means the day's
// file is restarted by the next roll.
bool write_sample(FILE* fp, double mgl, double temp_c) {
    long now = static_cast<long>(std::time(nullptr));
    if (std::fprintf(fp, "%ld,%.2f,%.1f\n", now, mgl, temp_c) < 0 || std::fflush(fp) != 0) {
        std::fclose(fp);
        return false;
    }
    return true;
}

void append_note(TankLog& t, const char* note) {
    if (t.csv == nullptr) return;
    std::fprintf(t.csv, "# %s\n", note);  // OK: guarded by the nullptr every close leaves
}

bool read_blower_status(char* buf, int n) {
    FILE* p = popen("blowerctl status --short", "r");
    if (p == nullptr) return false;
    bool got = std::fgets(buf, n, p) != nullptr;
    int rc = pclose(p);
    return got && rc == 0;
}

void close_all(std::vector<TankLog>& tanks) {
    for (auto& t : tanks) {
        if (t.csv != nullptr) {
            std::fclose(t.csv);
            t.csv = nullptr;
        }
    }
}

void record(TankLog& t, int today, double mgl, double temp_c) {
    roll_if_new_day(t, today);
    if (t.csv == nullptr) return;
    if (!write_sample(t.csv, mgl, temp_c)) {
        t.csv = nullptr;  // write_sample closed it
        return;
    }
    if (mgl < 4.0) std::fprintf(t.csv, "# low oxygen, tank %d\n", t.tank);  // OK: write_sample succeeded, stream open
}

void hourly_blower_check(std::vector<TankLog>& tanks) {
    char status[128];
    if (!read_blower_status(status, sizeof status)) {
        for (auto& t : tanks) append_note(t, "blower status unavailable");
        return;
    }
    for (auto& t : tanks) append_note(t, status);
}

void end_of_season(std::vector<TankLog>& tanks, const std::string& summary_path) {
    FILE* summary = std::fopen(summary_path.c_str(), "w");
    for (auto& t : tanks) {
        if (summary != nullptr) std::fprintf(summary, "tank %d last day %d\n", t.tank, t.day);
    }
    if (summary != nullptr) std::fclose(summary);
    for (auto& t : tanks) append_note(t, "season end");  // OK: tank logs are distinct from the summary file
    close_all(tanks);
    for (auto& t : tanks) append_note(t, "after close");  // OK: append_note returns on the nulled log
    close_all(tanks);  // OK: every csv is nullptr now, nothing is closed twice
}

void restart_tank(TankLog& t, int today) {
    if (t.csv != nullptr) {
        std::fclose(t.csv);
        t.csv = nullptr;
    }
    t.day = -1;
    roll_if_new_day(t, today);
    if (t.csv != nullptr) std::fprintf(t.csv, "# restarted\n");  // OK: roll_if_new_day reopened it
}
