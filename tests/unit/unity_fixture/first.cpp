namespace {
int twice(int x) {
    return 2 * x;
}
} // namespace

int first_value() {
    return twice(1);
}
