#pragma once
// The history behind a live graph: N named series sampled together, kept in fixed-size rings
// per zoom level — by default 5 minutes at every sample (1 s), 1 hour of 12 s means and 24
// hours of 5 min means — so memory stays constant however long the console runs. Pure data,
// no widgets; GUI thread only.
#include <cstddef>
#include <string>
#include <vector>

namespace tl::ui {

struct ZoomLevel {
    double step;          // seconds per point (0: every sample)
    std::size_t capacity; // points kept
    double span;          // seconds shown
};

class SeriesHistory {
public:
    static std::vector<ZoomLevel> defaultLevels();
    explicit SeriesHistory(std::vector<ZoomLevel> levels = defaultLevels());

    // Starts over with these series (their order is the order of add()'s values).
    void reset(std::vector<std::string> names);
    // Appends a sample at `t` seconds (monotonic). Returns a bit per level that gained a point.
    unsigned add(double t, const std::vector<double>& values);

    const std::vector<std::string>& names() const { return names_; }
    std::size_t levelCount() const { return levels_.size(); }
    const ZoomLevel& level(std::size_t l) const { return levels_.at(l); }
    std::size_t size(std::size_t level) const;
    // Oldest first.
    std::vector<double> times(std::size_t level) const;
    std::vector<double> values(std::size_t level, std::size_t series) const;

private:
    struct Ring {
        std::vector<double> data;
        std::size_t head = 0; // next write position once full
        void push(double v, std::size_t capacity);
        std::vector<double> ordered() const;
    };
    struct Level {
        Ring times;
        std::vector<Ring> series;
        double bucket_start = -1;
        std::vector<double> sum;
        std::size_t count = 0;
    };
    void push(Level& lv, const ZoomLevel& z, double t, const std::vector<double>& v);

    std::vector<ZoomLevel> levels_;
    std::vector<std::string> names_;
    std::vector<Level> data_;
};

} // namespace tl::ui
