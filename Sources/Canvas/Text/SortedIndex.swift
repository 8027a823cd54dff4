extension Array where Element == Int {
    /// In an ascending array, the index of the last element `≤ value`, or 0 when there is none
    /// (the text code's segment and checkpoint tables both start at 0). O(log n).
    func lastIndex(atMost value: Int) -> Int {
        var low = 0, high = count - 1, found = 0
        while low <= high {
            let mid = (low + high) / 2
            if self[mid] <= value {
                found = mid
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        return found
    }
}
